// The window that frames or opened this page (spec §4, §7: "the opener or parent"), and the
// origins a message to it may be addressed to. postMessage always names the receiver's origin,
// never '*': a page framed by anyone else must not hand them the editor lifecycle or a booking.

/** The parent when framed, else the opener, else null. */
export function hostWindow(win: Window = window): Window | null {
  if (win.parent && win.parent !== win) return win.parent;
  if (win.opener && win.opener !== win) return win.opener as Window;
  return null;
}

/**
 * The host's origin as far as the browser says: the framing origin (location.ancestorOrigins,
 * Chromium and WebKit), else the referrer's origin. Null when unknown, or when the referrer is
 * this site itself (the frame navigated on its own, so it says nothing about the host).
 */
export function hostOriginHint(win: Window = window): string | null {
  if (win.parent !== win) {
    const ancestors = win.location.ancestorOrigins;
    if (ancestors && ancestors.length > 0) return ancestors[0] ?? null;
  }
  try {
    const origin = win.document.referrer ? new URL(win.document.referrer).origin : null;
    return origin && origin !== win.location.origin ? origin : null;
  } catch {
    return null;
  }
}

/**
 * Where to address a message among `allowed` origins: the host's own when it is allowed; none when
 * the host is known and not allowed; every allowed origin when the browser does not say (the
 * browser then delivers only to the one that matches and drops the others).
 */
export function messageTargets(allowed: readonly string[], hint: string | null): string[] {
  if (hint === null) return [...allowed];
  return allowed.includes(hint) ? [hint] : [];
}
