import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/public/home.tsx"),
  route("veckans-nutidsquiz", "routes/public/quiz-list.tsx"),
  route("veckans-nutidsquiz/spela/:id", "routes/public/quiz-play.tsx"),
  route("veckans-nutidsquiz/:titleSlug", "routes/public/quiz-detail.tsx"),
  route("admin/quizzes", "routes/admin/quizzes.tsx"),
  route("admin/quizzes/new", "routes/admin/quizzes-editor.tsx", { id: "admin-quiz-new" }),
  route("admin/quizzes/:id/edit", "routes/admin/quizzes-editor.tsx", { id: "admin-quiz-edit" }),
  route("admin/quizzes/:id/results", "routes/admin/quizzes-results.tsx"),
  route("api/quiz-plays", "routes/api/quiz-plays/start.ts"),
  route("api/quiz-plays/:playId", "routes/api/quiz-plays/state.ts"),
  route("api/quiz-plays/:playId/answers", "routes/api/quiz-plays/answer.ts"),
  route("api/quizzes/:quizId/vote", "routes/api/quiz-plays/vote.ts"),
  route("api/admin/quizzes/generate", "routes/api/admin/quizzes/generate.ts"),
  route("api/admin/quizzes/:id/results.csv", "routes/api/admin/quizzes/results-csv.ts"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("*", "routes/public/not-found.tsx"),
] satisfies RouteConfig;
