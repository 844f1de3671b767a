/**
 * Calls `onHide` when the page is hidden or unloaded: `visibilitychange` to hidden is the last
 * reliable moment on mobile, `pagehide` covers desktop unloads and the back-forward cache.
 * Returns the teardown.
 */
export function onPageHide(onHide: () => void): () => void {
  const onVisibility = (): void => {
    if (document.visibilityState === 'hidden') onHide();
  };
  addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    removeEventListener('pagehide', onHide);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
