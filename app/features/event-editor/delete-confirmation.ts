export const DELETE_CONFIRMATION = "Är du säker på att du vill ta bort detta quiz? Detta kan inte ångras.";
