import type { Page } from '@playwright/test';

/**
 * Call once dnd-kit has announced a keyboard lift ('Lyfte …'). Its KeyboardSensor starts listening for the arrow keys
 * only from a timer it sets at the lift (setTimeout 0), and React can draw the announcement before that timer runs on
 * a busy machine: an arrow key pressed then is lost (CI, session 21: 'Bild 3 flyttad till plats 2 av 3.' never came).
 * A timer set now runs after the sensor's.
 */
export async function keyboardDragReady(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}
