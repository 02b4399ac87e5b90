// The member session of a page, told which theatre is current (spec §4 "Selected theatre"): the
// provider overrides' member calls carry that theatre's code as cinemaId (src/loyalty/config.ts,
// withCurrentCinema). It sits inside <SelectedTheatreProvider>; the loyalty layer itself knows
// nothing of theatre choice.
import type { ReactNode } from "react";
import { LoyaltyProvider } from "../loyalty/LoyaltyProvider";
import { useSelectedTheatre } from "./SelectedTheatreProvider";

export function LoyaltyAtCurrentTheatre({ children }: { readonly children: ReactNode }) {
  const { currentTheatre } = useSelectedTheatre();
  return <LoyaltyProvider currentCinemaId={currentTheatre?.theaterCode ?? null}>{children}</LoyaltyProvider>;
}
