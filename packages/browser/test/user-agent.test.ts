import { describe, expect, it } from 'vitest';
import { parseUserAgent } from '../src/core/user-agent.js';

const UA = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  edgeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  chromeAndroidPhone: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  samsungTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Safari/537.36',
  ipadDesktopMode: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
};

describe('parseUserAgent', () => {
  it.each([
    ['chromeWindows', 0, 'Chrome', '124', 'Windows', 'desktop'],
    ['edgeMac', 0, 'Edge', '124', 'macOS', 'desktop'],
    ['safariIphone', 5, 'Safari', '17', 'iOS', 'mobile'],
    ['firefoxLinux', 0, 'Firefox', '125', 'Linux', 'desktop'],
    ['chromeAndroidPhone', 5, 'Chrome', '124', 'Android', 'mobile'],
    ['samsungTablet', 5, 'Samsung Internet', '24', 'Android', 'tablet'],
    ['ipadDesktopMode', 5, 'Safari', '17', 'iOS', 'tablet'],
    ['ipadDesktopMode', 0, 'Safari', '17', 'macOS', 'desktop'],
  ] as const)('reads %s (touch points %i)', (name, touch, browser, version, os, device) => {
    expect(parseUserAgent(UA[name], touch)).toEqual({
      $browser: browser,
      $browser_version: version,
      $os: os,
      $device_type: device,
    });
  });

  it('says Other for what it does not know', () => {
    expect(parseUserAgent('curl/8.0')).toEqual({ $browser: 'Other', $os: 'Other', $device_type: 'desktop' });
  });
});
