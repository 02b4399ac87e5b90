// The member session of a page, told which theater is current (spec §4 "Selected theater"): the
// provider overrides' member calls carry that theater's code as cinemaId (src/member/config.ts,
// withCurrentCinema). It sits inside <SelectedTheaterProvider>; the loyalty layer itself knows
// nothing of theater choice.
import type { ReactNode } from "react";
import { LoyaltyProvider } from "../session/LoyaltyProvider";
import { useSelectedTheater } from "./SelectedTheaterProvider";

export function LoyaltyAtCurrentTheater({ children }: { readonly children: ReactNode }) {
  const { currentTheater } = useSelectedTheater();
  return <LoyaltyProvider currentCinemaId={currentTheater?.theaterCode ?? null}>{children}</LoyaltyProvider>;
}
