// One day of the home page's next showtimes, shared by the rule's table test and the component
// test: [filmId, "HH:MM"] in the theater's time, film 1 six times, film 2 twice.
export const TWO_FILMS_OF_A_DAY: readonly (readonly [number, string])[] = [
  [1, "10:00"],
  [1, "13:00"],
  [1, "16:00"],
  [1, "19:00"],
  [1, "21:00"],
  [1, "23:00"],
  [2, "11:00"],
  [2, "20:30"],
];
