// Where the message box stands: at the top of the screen, unless there it would lie over the
// field that has focus, the one a person is fixing (issue #32); then at the bottom of what is
// visible (above an on-screen keyboard). Pure, so the rule is tested without a browser.

export interface Band {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** `field`: the focused control's box; `stack`: the messages' column (its left, right and
 * height matter); `visibleBottom`: the bottom of the visible part of the screen. */
export function toastSide(field: Band | null, stack: Band, visibleBottom: number, gap: number): 'top' | 'bottom' {
  if (!field || field.right <= stack.left || stack.right <= field.left) return 'top';
  const height = stack.bottom - stack.top;
  const covered = (top: number) => Math.max(0, Math.min(top + height, field.bottom) - Math.max(top, field.top));
  const atTop = covered(gap);
  return atTop > 0 && covered(visibleBottom - gap - height) < atTop ? 'bottom' : 'top';
}
