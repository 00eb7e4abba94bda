/** Whether the page runs inside a frame (spec section 6: no social buttons then, the providers refuse to be framed). */
export function isFramed(win: { self: unknown; top: unknown } = globalThis as unknown as { self: unknown; top: unknown }): boolean {
  try {
    return win.self !== win.top;
  } catch {
    // A cross-origin parent may refuse even the comparison: that is a frame too.
    return true;
  }
}
