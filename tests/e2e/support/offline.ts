import type { BrowserContext } from '@playwright/test';

// The network cut or brought back with Playwright's offline mode (Chromium's network emulation): requests fail as
// on a phone without network, and the page is told (navigator.onLine, the 'offline' and 'online' events).
//
// Chromium before 155 tells only the document open when the network is cut: each document loaded after that reads
// navigator.onLine as true, though every request still fails (Debian's bookworm mirror served 150 in December
// 2026; 155 and 156 tell every document). There, and only there, each new document is told what a browser without
// network says, before its own scripts run, and told again, with the 'online' event, when the network comes back.
const standIns = new WeakMap<BrowserContext, { dispose(): Promise<void> }>();

const forgetsOffline = (context: BrowserContext) => Number(context.browser()?.version().split('.')[0]) < 155;

export async function setOffline(context: BrowserContext, offline: boolean): Promise<void> {
  if (offline && forgetsOffline(context) && !standIns.has(context)) {
    standIns.set(
      context,
      await context.addInitScript(() => {
        let onLine = false;
        Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => onLine });
        addEventListener('online', () => (onLine = true), { capture: true });
        addEventListener('offline', () => (onLine = false), { capture: true });
        Object.assign(window, { backOnline: () => dispatchEvent(new Event('online')) });
      }),
    );
  }
  await context.setOffline(offline);
  const standIn = standIns.get(context);
  if (!offline && standIn) {
    standIns.delete(context);
    await standIn.dispose();
    for (const page of context.pages())
      await page.evaluate(() => (window as { backOnline?: () => void }).backOnline?.()).catch(() => undefined);
  }
}
