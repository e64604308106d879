/** What every "Ta bort" of a quiz asks before it deletes. */
export const DELETE_CONFIRMATION = "Är du säker på att du vill ta bort detta quiz? Detta kan inte ångras.";
