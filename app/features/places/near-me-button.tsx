import { LocateFixed } from "lucide-react";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { formatNara } from "./geo";
import { nearHref } from "./near-list";

/** Why the browser gave no position, in Swedish; the list stays as it was. */
const POSITION_DENIED =
  "Webbläsaren fick inte visa din position, så listan visas som vanligt. Vill du se avstånden kan du tillåta platstjänster för sidan i webbläsarens inställningar och trycka igen.";
const POSITION_UNAVAILABLE =
  "Din position gick inte att ta fram just nu, så listan visas som vanligt. Försök igen om en stund.";
const POSITION_TIMEOUT =
  "Det tog för lång tid att ta fram din position, så listan visas som vanligt. Försök igen.";
const POSITION_UNSUPPORTED = "Din webbläsare kan inte visa din position, så listan visas som vanligt.";

function failureText(code: number): string {
  if (code === 1) return POSITION_DENIED;
  if (code === 3) return POSITION_TIMEOUT;
  return POSITION_UNAVAILABLE;
}

type Asking = { kind: "idle" } | { kind: "asking" } | { kind: "failed"; message: string };

/**
 * "Nära mig": asks the browser for the position only when pressed, rounds it to about 100 m here, before it
 * goes anywhere, and opens the same page with it in the address (`?nara=57.709,11.975`, the page's other
 * parameters kept); the server answers with the distances. It needs JavaScript: without it, it is not shown
 * (the `scripting` media query), and until the page's script runs it is disabled.
 */
export function NearMeButton({ hydrated, again }: { hydrated: boolean; again: boolean }) {
  const [asking, setAsking] = useState<Asking>({ kind: "idle" });
  const [params] = useSearchParams();
  const navigate = useNavigate();

  const ask = () => {
    if (!("geolocation" in navigator)) {
      setAsking({ kind: "failed", message: POSITION_UNSUPPORTED });
      return;
    }
    setAsking({ kind: "asking" });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setAsking({ kind: "idle" });
        const position = formatNara({ latitude: coords.latitude, longitude: coords.longitude });
        void navigate(nearHref(params, { position }), { preventScrollReset: true });
      },
      (error) => setAsking({ kind: "failed", message: failureText(error.code) }),
      // About 100 m is all the page uses: no need for the GPS, and a position from the last minutes will do.
      { enableHighAccuracy: false, timeout: 20_000, maximumAge: 5 * 60_000 },
    );
  };

  return (
    <div className="[@media(scripting:none)]:hidden">
      <Button
        variant="secondary"
        onClick={ask}
        disabled={!hydrated || asking.kind === "asking"}
        aria-describedby="nara-mig-besked"
      >
        <LocateFixed aria-hidden className="size-4" />
        {asking.kind === "asking" ? "Hämtar position …" : again ? "Uppdatera position" : "Nära mig"}
      </Button>
      <p id="nara-mig-besked" role="status" className="text-sm text-stone-700 dark:text-stone-300">
        {asking.kind === "failed" ? <span className="mt-2 block">{asking.message}</span> : null}
      </p>
    </div>
  );
}
