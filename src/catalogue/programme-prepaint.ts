// The programme's pre-paint rule (issue 42): a film or schedule page is built hours before it is
// seen, and its HTML lists every show of its first day, from the morning's first. Left to React,
// the shows that have passed would leave the list after hydration and move everything below them
// (layout shift 0.39 on the French schedule on a phone). So each show, each film and each of a
// film's theater groups carries the minute of its last start, and a small inline script at the
// top of the programme writes one style rule, before the list is even parsed, that hides whatever
// was last offered before the visitor's clock. React's render with the clock then removes exactly
// those elements, which take no room: nothing moves. Search engines and link previews keep the
// whole pre-rendered day.
//
// A style rule rather than a pass over the elements: it holds for every element parsed after it,
// however the browser splits a long list between paints. CSS cannot compare numbers, so "less
// than K" is spelled with prefix selectors over the minute's digits (at most 9 a digit).
import { offeredAfterStartMs } from "./schedule";

/** On a show, a film or a theater group: the epoch minute (UTC) of its last start. */
export const LAST_START_MINUTE_ATTRIBUTE = "data-last-start-minute";
/**
 * On a show's "commencé" / "started" label, rendered in every show's link and `hidden` until the
 * show has started: the rule shows the labels of shows started at the visitor's clock, so a show in
 * its grace has its label from the first paint (the label is a line of its own: appearing once
 * React knew the time, it moved everything below it).
 */
export const STARTED_LABEL_ATTRIBUTE = "data-started-label";
/**
 * On a film or theater page's next day with shows, rendered beside its first day until the page
 * knows the time (Programme): the minute of the first day's last start. The rule shows it once that
 * has gone, as React will show that day once it knows the time: a page seen after its first day's
 * last show opened on an empty day and grew by the next day's list after hydration (CLS 0.049 on a
 * phone).
 */
export const FOLLOWING_DAY_ATTRIBUTE = "data-following-day-after";
/** On the element around the script: how long after its start a show stays offered, in ms. */
export const OFFERED_AFTER_START_ATTRIBUTE = "data-offered-after-start";

/**
 * On the schedule page itself (not a day asked for by its address): the next day's page, and the
 * minute of the page's last show. When that show too has gone (21:45 after the last show), the
 * script goes to the next day's page before anything is painted, the query kept, as the programme
 * would once loaded (schedule.ts scheduleOpeningRedirect): the schedule never opens on an empty today.
 */
export const NEXT_DAY_PATH_ATTRIBUTE = "data-next-day-path";
export const DAY_LAST_START_MINUTE_ATTRIBUTE = "data-day-last-start-minute";

/** The epoch minute of an instant; the value of LAST_START_MINUTE_ATTRIBUTE for a latest start. */
export const epochMinute = (startsAt: string): number => Math.floor(Date.parse(startsAt) / 60_000);

/**
 * The first minute whose shows are still offered at `now`: a show starting at minute S is gone
 * (schedule.ts isBookable) when S·60 000 < now − offeredAfterStart, that is when S < this.
 */
export function firstOfferedMinute(now: number, graceMinutes: number): number {
  return Math.ceil((now - offeredAfterStartMs(graceMinutes)) / 60_000);
}

/**
 * Selectors matching `[attribute]` whose value, a decimal number of as many digits as `limit`,
 * is less than it: same first i digits, then a smaller one. Epoch minutes have 8 digits from 1973
 * to 2160.
 */
export function lessThanSelectors(attribute: string, limit: number): string[] {
  const digits = String(limit);
  const selectors: string[] = [];
  for (let i = 0; i < digits.length; i++)
    for (let d = 0; d < Number(digits[i]); d++) selectors.push(`[${attribute}^="${digits.slice(0, i)}${d}"]`);
  return selectors;
}

/** The schedule page's part of the script: on to the next day's page when the day's last show has gone. */
const NEXT_DAY_PART = `var n=p.getAttribute("${NEXT_DAY_PATH_ATTRIBUTE}"),l=p.getAttribute("${DAY_LAST_START_MINUTE_ATTRIBUTE}");
if(n&&l&&+l<k)return location.replace(n+location.search);`;

/**
 * lessThanSelectors for firstOfferedMinute, as the browser runs it: placed first inside the element
 * that carries OFFERED_AFTER_START_ATTRIBUTE, it appends the rule to the document's head (or, on the
 * schedule page with nothing left, goes to the next day's: `opensOnNextDay`, left out elsewhere, as
 * every byte of it counts in a film page's first load). `!important`: the programme's own rules
 * (`li { display: flex }`) are more specific. Plain ES5, no dependency.
 */
export const programmePrepaintScript = (opensOnNextDay: boolean): string => `(function(){
var p=document.currentScript,t=Date.now();p=p&&p.parentElement;if(!p)return;
var k=Math.ceil((t-(+p.getAttribute("${OFFERED_AFTER_START_ATTRIBUTE}")||${offeredAfterStartMs(0)}))/6e4);
${opensOnNextDay ? NEXT_DAY_PART : ""}function L(v,a){v+="";a=a||"${LAST_START_MINUTE_ATTRIBUTE}";for(var r=[],i=0,d;i<v.length;i++)for(d=0;d<v[i];d++)r.push('['+a+'^="'+v.slice(0,i)+d+'"]');return r}
var e=document.createElement("style");e.textContent=L(k)+"{display:none!important}:is("+L(Math.floor(t/6e4)+1)+") [${STARTED_LABEL_ATTRIBUTE}]{display:inline!important}"+L(k,"${FOLLOWING_DAY_ATTRIBUTE}")+"{display:block!important}";document.head.append(e)})()`;

/**
 * The rules the script writes at `now`, for tests: the shows (films, groups) gone are hidden; the
 * labels of the shows started by the current minute are shown (of those, the gone are hidden); the
 * next day is shown once its first day is gone.
 */
export function prepaintRule(now: number, graceMinutes: number): string {
  const first = firstOfferedMinute(now, graceMinutes);
  const gone = lessThanSelectors(LAST_START_MINUTE_ATTRIBUTE, first);
  const started = lessThanSelectors(LAST_START_MINUTE_ATTRIBUTE, Math.floor(now / 60_000) + 1);
  const following = lessThanSelectors(FOLLOWING_DAY_ATTRIBUTE, first);
  return `${gone.join(",")}{display:none!important}:is(${started.join(",")}) [${STARTED_LABEL_ATTRIBUTE}]{display:inline!important}${following.join(",")}{display:block!important}`;
}
