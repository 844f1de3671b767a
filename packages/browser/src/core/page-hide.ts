/**
 * Calls `onHide` when the page is hidden or unloaded: `visibilitychange` to hidden is the last
 * reliable moment on mobile, `pagehide` covers desktop unloads and the back-forward cache.
 * `unloading` is true for `pagehide`. Returns the teardown.
 */
export function onPageHide(onHide: (unloading: boolean) => void): () => void {
  const onVisibility = (): void => {
    if (document.visibilityState === 'hidden') onHide(false);
  };
  const onPagehide = (): void => onHide(true);
  addEventListener('pagehide', onPagehide);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    removeEventListener('pagehide', onPagehide);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
