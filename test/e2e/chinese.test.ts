/**
 * End-to-end: the first-run welcome and the app in 简体中文, in Chromium against headless mode.
 *
 * A first visit (no `dojo.welcomed` in localStorage) lands on the welcome page, which shows the
 * cluster's brokers and connect strings and whose three exercise buttons open the brokers page,
 * the deletion monitor and the node editor filled with the topic template; a later visit opens
 * at the overview. In 简体中文 (`dojo.locale`) the pages show Chinese, texts the server writes
 * included (the preview of a hand-written topic znode, a broker action's explanation), and Kafka's
 * own names stay as Kafka prints them.
 *
 * No tofu: with no font that has a glyph, Chromium draws every missing character as the same
 * .notdef box (or nothing) — whatever the character. So each of a few distinct Chinese characters
 * is rendered alone, in a fixed-size box that inherits the app's real font stack (styles.css), and
 * screenshotted: with a CJK font installed the pictures all differ from one another and from the
 * picture of a code point no font has (U+10FFFD, private use); without one they are all the same
 * box. The test first checks on this very page that two different fontless code points do render
 * identically (so the method can see tofu), then that the Chinese ones do not. It fails when no
 * CJK font is installed (.ci/run installs fonts-noto-cjk) and passes when one is.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInChromium } from './support/e2e-suite';
import { UI_TIMEOUT } from './support/ui';

const TEST_TIMEOUT = 60_000;
/** Characters the Chinese UI shows (控制器, 分区, 副本, 删除, 概览 …), all distinct. */
const HANZI = ['控', '制', '器', '分', '区', '副', '本', '删', '概', '览'];
/** Supplementary private use code points: no font maps them. */
const FONTLESS = ['\u{10FFFD}', '\u{10FFFC}'];
const PROBE_STYLE =
  'position:fixed;left:0;top:0;width:64px;height:64px;font-size:48px;line-height:64px;background:#fff;color:#000;z-index:99999';

describeInChromium('the welcome page and 简体中文', (suite) => {
  async function heading(page: Page, name: string | RegExp): Promise<void> {
    await page.getByRole('main').getByRole('heading', { level: 2, name }).waitFor();
  }

  /** A PNG of one character drawn alone in the app's font stack. */
  async function glyph(page: Page, char: string): Promise<Buffer> {
    // As text: this file has no DOM types. The box inherits the font-family of html/body (styles.css).
    await page.evaluate(`(() => {
      const box = document.getElementById('glyph-probe') ?? document.body.appendChild(document.createElement('div'));
      box.id = 'glyph-probe';
      box.setAttribute('style', '${PROBE_STYLE}');
      box.textContent = ${JSON.stringify(char)};
    })()`);
    return page.locator('#glyph-probe').screenshot({ animations: 'disabled', caret: 'hide' });
  }

  it(
    'a first visit lands on the welcome page; its exercise buttons open the brokers page, the deletions and the node editor with the topic template',
    async () => {
      const { page } = await suite.openPage({ firstRun: true });
      page.setDefaultTimeout(UI_TIMEOUT);
      await heading(page, 'Welcome to Kafka Dojo');
      const cluster = page.getByTestId('welcome-cluster');
      const overview = await suite.app.backend.api.cluster.overview();
      for (const b of overview.brokers) await cluster.getByTestId(`welcome-broker-${b.id}`).getByText(`${b.host}:${b.port}`).waitFor();
      expect(await cluster.getByTestId('connect-bootstrap').innerText()).toContain(
        overview.brokers.map((b) => `${b.host}:${b.port}`).join(','),
      );
      await suite.app.screenshot(page, 'welcome');

      await page.getByTestId('exercise-killController-go').click();
      await heading(page, 'Brokers');
      await page.getByTestId('header-welcome').click();
      await page.getByTestId('exercise-deleteWithBrokerDown-go').click();
      await heading(page, 'Deletions');
      await page.getByTestId('header-welcome').click();
      await page.getByTestId('exercise-handWriteTopic-go').click();
      await heading(page, 'ZooKeeper');
      const write = page.getByTestId('znode-write');
      await write.waitFor({ state: 'visible' });
      expect(await write.getByTestId('znode-write-path').inputValue()).toBe('/brokers/topics/my-topic');
      await page.getByTestId('znode-check-effects').getByText('This creates topic my-topic', { exact: false }).waitFor();

      // Seen once: the app's root opens at the overview from now on.
      await page.goto(suite.app.server.url);
      await heading(page, /Cluster overview/);
    },
    TEST_TIMEOUT,
  );

  it(
    'in 简体中文 the pages and the server’s own texts are Chinese, drawn with real CJK glyphs (no tofu)',
    async () => {
      const { page } = await suite.openPage({ firstRun: true, locale: 'zh-CN' });
      page.setDefaultTimeout(UI_TIMEOUT);
      await heading(page, '欢迎使用 Kafka Dojo');
      await page.getByTestId('exercise-killController').getByText('杀掉控制器').waitFor();
      await page.getByRole('menuitem', { name: '概览', exact: true }).waitFor();

      // The server's preview of a hand-written topic znode, in Chinese.
      await page.getByTestId('exercise-handWriteTopic-go').click();
      await page.getByTestId('znode-check-effects').getByText('这会创建 Topic my-topic', { exact: false }).waitFor();
      await page.getByText('Topic 副本分配', { exact: false }).first().waitFor();

      // A broker action explained by the server, in Chinese; Kafka's names stay as Kafka prints them.
      const { controllerId } = await suite.app.backend.api.cluster.overview();
      await page.getByRole('menuitem', { name: 'Broker', exact: true }).click();
      await page.getByTestId(`broker-${controllerId}-more`).click();
      await page.getByTestId(`broker-${controllerId}-kill`).click();
      const sentences = page.getByTestId('confirm-sentences');
      await sentences.getByText('立即停止，如同 kill -9', { exact: false }).waitFor();
      expect(await sentences.innerText()).toContain('zookeeper.session.timeout.ms');
      expect(await sentences.innerText()).toContain('是控制器');
      await page.getByTestId('confirm-dialog').locator('.el-loading-mask').waitFor({ state: 'hidden' });
      await suite.app.screenshot(page, 'chinese-broker-kill');
      await page.getByTestId('confirm-dialog').getByRole('button', { name: '取消' }).click();

      // Tofu check (see the header): fontless code points all look alike; Chinese characters do not.
      const [fontlessA, fontlessB] = [await glyph(page, FONTLESS[0]), await glyph(page, FONTLESS[1])];
      expect(fontlessA.equals(fontlessB), 'two code points no font has render as the same missing-glyph box').toBe(true);
      const pictures = [];
      for (const c of HANZI) pictures.push((await glyph(page, c)).toString('base64'));
      expect(new Set(pictures).size, 'each Chinese character is drawn as its own glyph').toBe(HANZI.length);
      expect(pictures, 'no Chinese character is drawn as the missing-glyph box').not.toContain(fontlessA.toString('base64'));
    },
    TEST_TIMEOUT,
  );
});
