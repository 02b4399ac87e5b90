// A worker the page starts from its head (src/shell/intl-warmup.ts): the browser's first use of
// Intl sets its locale data up, about 30 ms on a laptop and 100-150 ms on a phone, in one piece,
// and the page's first use would otherwise come while React hydrates. That setup is shared by
// every thread of the page's process, so done here it leaves the page's own first use a few ms.
// It receives [locale, timeZone] and uses what the page will: dates and times in the site's zone,
// numbers and plural rules in its locale. Nothing comes back; a failure only leaves the page to
// do the setup itself.
self.onmessage = function (event) {
  var locale = event.data[0] || undefined;
  var timeZone = event.data[1] || undefined;
  try {
    try {
      new Intl.DateTimeFormat(locale, {
        timeZone: timeZone,
        weekday: "long",
        day: "numeric",
        month: "long",
        hour: "2-digit",
        minute: "2-digit",
      }).format(0);
    } catch (unknownTimeZone) {
      new Intl.DateTimeFormat(locale).format(0);
    }
    new Intl.NumberFormat(locale).format(1.5);
    new Intl.PluralRules(locale).select(1);
  } catch (error) {
    // Nothing to report: the page sets Intl up itself, as it would without this worker.
  }
  self.close();
};
