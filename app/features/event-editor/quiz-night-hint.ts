/** "Lägg till Quiz Manuellt" (the spec's label) adds a quiz night, not a quiz to play: said beside it. */
export const QUIZ_NIGHT_HINT = "En quizkväll på en krog, till listan över quizkvällar";
