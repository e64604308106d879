import {
  BadgeCheck,
  Beer,
  CalendarDays,
  Flag,
  House,
  Lightbulb,
  ListChecks,
  LogOut,
  Plus,
  SquareArrowOutUpRight,
  UserCheck,
} from "lucide-react";
import type { ComponentType } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { ChangePasswordDialog } from "~/features/auth/public";
import { AdminHub, type AdminHubData } from "./admin-hub";

type Card = { title: string; text: string; to: string; icon: ComponentType<{ className?: string }> };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function countCards(counts: AdminHubData["counts"]): Card[] {
  return [
    {
      title: "Quizkvällar",
      text: `${plural(counts.events, "quizkväll", "quizkvällar")}. Sök, redigera, lägg till.`,
      to: "#quizkvallar",
      icon: CalendarDays,
    },
    {
      title: "Rapporter",
      text: plural(counts.reports, "öppen rapport", "öppna rapporter"),
      to: "#att-gora",
      icon: Flag,
    },
    {
      title: "Förslag",
      text: plural(counts.suggestions, "nytt förslag", "nya förslag"),
      to: "#att-gora",
      icon: Lightbulb,
    },
    {
      title: "Quizvärdar",
      text: plural(counts.claims, "ansökan att besluta", "ansökningar att besluta"),
      to: "/admin/quizvardar",
      icon: UserCheck,
    },
  ];
}

const CARDS: Card[] = [
  {
    title: "Hantera Quiz",
    text: "Skapa, redigera och publicera quiz.",
    to: "/admin/quizzes",
    icon: ListChecks,
  },
  {
    title: "Att bekräfta",
    text: "Gamla och rapporterade event.",
    to: "/admin/confirmations",
    icon: BadgeCheck,
  },
  { title: "Öl Aktivitet", text: "Se hur besökarna skålar.", to: "/admin/beer-activity", icon: Beer },
  { title: "Användarsida", text: "Till den publika sidan.", to: "/", icon: House },
];

export function AdminDashboard({
  email,
  hub,
  isSigningOut,
  onSignOut,
}: {
  email: string;
  hub: AdminHubData | null;
  isSigningOut: boolean;
  onSignOut: () => void;
}) {
  const cards = hub
    ? [
        ...countCards(hub.counts),
        ...CARDS.map((card) =>
          card.to === "/admin/confirmations"
            ? { ...card, text: `${hub.counts.stale} event: gamla och rapporterade.` }
            : card,
        ),
      ]
    : CARDS;
  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Adminpanel</h1>
          <p className="mt-1 text-stone-600 dark:text-stone-400">Inloggad som {email}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <ChangePasswordDialog />
          <Button variant="secondary" onClick={onSignOut} disabled={isSigningOut}>
            <LogOut aria-hidden className="size-4" />
            Logga ut
          </Button>
        </div>
      </div>

      <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {cards.map(({ title, text, to, icon: Icon }) => (
          <li key={title}>
            <Link
              to={to}
              className="flex h-full flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-4 sm:p-6 shadow-sm transition-colors hover:border-brand-400 dark:border-stone-800 dark:bg-stone-900 dark:hover:border-brand-300"
            >
              <Icon aria-hidden className="size-6 text-brand-700 dark:text-brand-300" />
              <span className="text-lg font-semibold">{title}</span>
              <span className="text-sm text-stone-600 dark:text-stone-400">{text}</span>
            </Link>
          </li>
        ))}
      </ul>

      <nav aria-label="Snabblänkar" className="mt-8 flex flex-wrap items-start gap-3">
        {/* The spec's label says "quiz" for a question quiz; the hint tells it from a quiz night. */}
        <div className="flex flex-col gap-1">
          <Link
            to="/admin/quizzes/new"
            className={buttonClasses("primary")}
            aria-describedby="skapa-quiz-hint"
          >
            <Plus aria-hidden className="size-4" />
            Skapa nytt quiz
          </Link>
          <span id="skapa-quiz-hint" className="text-xs text-stone-600 dark:text-stone-400">
            Ett frågequiz att spela här, t.ex. NutidsQuiz
          </span>
        </div>
        <Link to="/quiz" className={buttonClasses("secondary")}>
          <SquareArrowOutUpRight aria-hidden className="size-4" />
          Visa publika quiz
        </Link>
      </nav>
      {hub && <AdminHub hub={hub} />}
    </div>
  );
}
