// A compact user-agent reader: a few ordered regexes cover the browsers and systems that matter.
// Order is significant: Edge and Opera also say "Chrome", Chrome also says "Safari", Android says "Linux".
const BROWSERS: [string, RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+).*Safari/],
];

const SYSTEMS: [string, RegExp][] = [
  ['Windows', /Windows/],
  ['iOS', /iPhone|iPad|iPod/],
  ['Android', /Android/],
  ['Chrome OS', /CrOS/],
  ['macOS', /Macintosh|Mac OS X/],
  ['Linux', /Linux/],
];

/**
 * `$browser`, `$browser_version` (major), `$os` and `$device_type` (mobile, tablet or desktop).
 * `touchPoints` is `navigator.maxTouchPoints`: iPadOS sends a Mac user agent but has a touch screen.
 */
export function parseUserAgent(ua: string, touchPoints = 0): Record<string, string> {
  const [name, re] = BROWSERS.find(([, re]) => re.test(ua)) ?? ['Other'];
  const out: Record<string, string> = { $browser: name };
  // Each browser pattern captures the major version.
  if (re) out.$browser_version = (re.exec(ua) as RegExpExecArray)[1] as string;
  let os = SYSTEMS.find(([, re]) => re.test(ua))?.[0] ?? 'Other';
  let device = /Mobi|iPhone|iPod|Android/.test(ua) ? 'mobile' : 'desktop';
  if (/iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua)) || (os === 'macOS' && touchPoints > 1)) {
    device = 'tablet';
    if (os === 'macOS') os = 'iOS';
  }
  out.$os = os;
  out.$device_type = device;
  return out;
}
