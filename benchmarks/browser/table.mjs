// What a player feels at a table, in headless Chromium: three people at one table (a GM and a player at
// desktop size, a player on a phone), against a trivial Faces page on the same server (one button
// re-rendering one number), in the same run. Run by benchmarks/table-browser.sh, which starts the server;
// prints one JSON object with every figure.
//   node benchmarks/browser/table.mjs BASE_URL [ROLLS_PER_SAMPLE [MARKDOWN_OUT]]
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');

const base = process.argv[2].replace(/\/?$/, '/');
const samples = Number(process.argv[3] || 20);
const warmups = Number(process.env.BENCH_WARMUP || 1200);
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function api(path, body, headers = {}) {
  const answer = await fetch(base + path, {
    method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body),
  });
  if (!answer.ok) {
    throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
  }
  return answer.json();
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))];
const stats = (xs) => ({ median: round(median(xs)), p90: round(p90(xs)), n: xs.length });
const round = (x) => Math.round(x * 10) / 10;
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

// In every page: when each feed row and the roller's own card first show with their dice, and when the card's
// moves show (on the machine's clock, shared by every browser), every answer's size, and every scroll nobody
// asked for.
const WATCH = () => {
  const now = () => performance.timeOrigin + performance.now();
  window.dhBench = { rows: {}, cards: {}, moves: {}, answers: [], drift: 0, asked: 0 };
  const seen = () => {
    document.querySelectorAll('#feed li.log-entry[data-seq]').forEach((li) => {
      const seq = li.getAttribute('data-seq');
      if (!window.dhBench.rows[seq] && li.querySelector('.mini-dice svg, .secret-text')) {
        window.dhBench.rows[seq] = now();
      }
    });
    document.querySelectorAll('#yours .card-roll[data-seq]').forEach((card) => {
      const seq = card.getAttribute('data-seq');
      if (!window.dhBench.cards[seq] && card.querySelector('svg')) {
        window.dhBench.cards[seq] = now();
      }
      if (!window.dhBench.moves[seq] && card.querySelector('.moves')) {
        window.dhBench.moves[seq] = now();
      }
    });
  };
  new MutationObserver(seen).observe(document.body, { childList: true, subtree: true });
  seen();
  const column = document.querySelector('.feed-column');
  let last = [window.scrollY, column ? column.scrollTop : 0];
  const moved = () => {
    const at = [window.scrollY, column ? column.scrollTop : 0];
    if (!window.dhBench.asked) {
      window.dhBench.drift = Math.max(window.dhBench.drift, Math.abs(at[0] - last[0]), Math.abs(at[1] - last[1]));
    }
    last = at;
  };
  window.addEventListener('scroll', moved, true);
  // A push that brings its rows drawn is an answer too, and so is a push's row fetched on its own
  // (/tables/{id}/rows/{n}).
  const heard = window.dhLiveMessage;
  window.dhLiveMessage = function (message) {
    const text = String(message);
    if (text.includes('\n')) {
      window.dhBench.answers.push({ size: text.length, at: now(), ids: ['push:' + text.split('\n')[0]] });
    }
    return heard.apply(this, arguments);
  };
  new PerformanceObserver((list) => list.getEntries().forEach((e) => {
    if (e.name.includes('/rows/')) {
      window.dhBench.answers.push({ size: e.decodedBodySize, at: now(), ids: ['row:' + e.name.split('/rows/')[1]] });
    }
  })).observe({ type: 'resource' });
  // A play the page posts on its own (/tables/{id}/play: a roll, a move, odds) answers with named parts.
  const sent = window.fetch;
  window.fetch = function (url) {
    return sent.apply(window, arguments).then((answer) => {
      if (String(url).includes('/play')) {
        answer.clone().text().then((text) => {
          const holder = document.createElement('template');
          holder.innerHTML = text;
          window.dhBench.answers.push({ size: text.length, at: now(),
            ids: [...holder.content.querySelectorAll('template[data-dh-part]')].map((p) => {
              const li = p.content.querySelector('li[data-seq]');
              return li ? 'row:' + li.getAttribute('data-seq') : p.getAttribute('data-dh-part');
            }) });
        });
      }
      return answer;
    });
  };
  faces.ajax.addOnEvent((d) => {
    if (d.status === 'success') {
      window.dhBench.answers.push({ size: d.responseText.length, at: now(),
        ids: [...d.responseXML.querySelectorAll('update')].map((u) => u.id).filter((id) => !id.includes('ViewState')) });
    }
  });
};

async function seat(browser, invite, name, size, mobile) {
  const page = await (await browser.newContext({ viewport: size, isMobile: mobile })).newPage();
  page.on('pageerror', (e) => console.error(`${name}: ${e.message}`));
  await page.goto(invite);
  await page.fill('[id="join:name"]', name);
  await page.click('[id="join:join-button"]');
  await page.waitForSelector('#my-name');
  return page;
}

async function watch(page) {
  await page.evaluate(WATCH);
}

// The trivial page's round trips: `untimed` first, then `timed` measured.
async function trivialRoundTrips(browser, untimed = 5, timed = samples) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(base + 'trivial-faces/index.xhtml');
  const times = [];
  for (let i = 0; i < timed + untimed; i++) {
    const ms = await page.evaluate(() => new Promise((done) => {
      const n = document.getElementById('f:n');
      const before = n.textContent;
      const start = performance.now();
      const seen = new MutationObserver(() => {
        const now = document.getElementById('f:n');
        if (now && now.textContent !== before) {
          seen.disconnect();
          done(performance.now() - start);
        }
      });
      seen.observe(document.body, { childList: true, subtree: true, characterData: true });
      document.getElementById('f:add').click();
    }));
    if (i >= untimed) {
      times.push(ms);
    }
    await pause(i >= untimed ? 100 : 20);
  }
  await page.context().close();
  return times;
}

// The roller presses Roll `samples` times; each time, when their card shows and when each other page's feed
// shows the row with its dice.
async function rolls(roller, others) {
  const card = [];
  const moves = [];
  const feeds = others.map(() => []);
  const sizes = { roll: [], push: [] };
  for (let i = 0; i < samples + 3; i++) {
    const answersBefore = await Promise.all([roller, ...others].map((p) => p.evaluate(() => window.dhBench.answers.length)));
    const pressed = await roller.evaluate(() => {
      const t = performance.timeOrigin + performance.now();
      document.getElementById('roll:roll-button').click();
      return t;
    });
    const seq = await roller.waitForFunction((since) => {
      const c = document.querySelector('#yours .card-roll[data-seq]');
      const s = c && c.getAttribute('data-seq');
      return s && window.dhBench.cards[s] && window.dhBench.cards[s] > since ? s : null;
    }, pressed, { timeout: 30000 }).then((h) => h.jsonValue());
    const shown = await roller.evaluate((s) => window.dhBench.cards[s], seq);
    const arrived = [];
    for (const page of others) {
      arrived.push(await page.waitForFunction((s) => window.dhBench.rows[s], seq, { timeout: 30000 }).then((h) => h.jsonValue()));
    }
    // A card with no move left (none offered) has neither its moves nor a place for them.
    const movesShown = await roller.waitForFunction((s) => window.dhBench.moves[s]
      || (!document.querySelector('#yours .card-roll [data-dh-moves], #yours .card-roll .moves') && -1), seq,
    { timeout: 30000 }).then((h) => h.jsonValue());
    if (i >= 3) {
      card.push(shown - pressed);
      if (movesShown > 0) {
        moves.push(movesShown - pressed);
      }
      arrived.forEach((t, k) => feeds[k].push(t - pressed));
      const rollAnswer = await roller.evaluate((n) => window.dhBench.answers.slice(n).find((a) => a.ids.includes('yours')), answersBefore[0]);
      if (rollAnswer) {
        sizes.roll.push(rollAnswer.size);
      }
      const pushAnswer = await others[0].evaluate((n) => window.dhBench.answers.slice(n).find((a) => a.ids.some((id) => id.startsWith('fresh:') || id.startsWith('row:') || id.startsWith('push:'))), answersBefore[1]);
      if (pushAnswer) {
        sizes.push.push(pushAnswer.size);
      }
    }
    await pause(250);
  }
  return { card, moves, feeds, sizes };
}

// Odds after typing: a new value in a number field; from the request leaving (after the pause in typing the
// page waits for) to the odds drawn, and from the keystroke.
async function oddsRefreshes(page) {
  const field = await page.$('.roll-form input[type=number]');
  if (!field) {
    return { request: [], keystroke: [] };
  }
  const id = await field.getAttribute('id');
  const request = [];
  const keystroke = [];
  for (let i = 0; i < samples + 3; i++) {
    const t = await page.evaluate((fieldId) => new Promise((done) => {
      const input = document.getElementById(fieldId);
      const min = Number(input.min || 0);
      const max = Number(input.max || min + 1);
      const next = Number(input.value) >= max ? min : Number(input.value) + 1;
      let began = null;
      // At a table the odds are posted on their own (/tables/{id}/play): drawn when the summary changes.
      const summary = document.getElementById('roll:summary');
      const sent = window.fetch;
      const seen = new MutationObserver(() => {
        if (began !== null) {
          seen.disconnect();
          window.fetch = sent;
          done({ typed, began, drawn: performance.now() });
        }
      });
      window.fetch = function (url, options) {
        if (String(url).includes('/play') && options && String(options.body).includes('dh-do=odds')) {
          began = performance.now();
          if (summary) {
            seen.observe(summary, { childList: true, subtree: true, characterData: true });
          }
        }
        return sent.apply(window, arguments);
      };
      const listener = (d) => {
        if (d.source && d.source.id === fieldId && d.status === 'begin') {
          began = performance.now();
        }
        if (d.source && d.source.id === fieldId && d.status === 'success') {
          done({ typed, began, drawn: performance.now() });
        }
      };
      faces.ajax.addOnEvent(listener);
      const typed = performance.now();
      input.value = String(next);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }), id);
    if (i >= 3 && t.began !== null) {
      request.push(t.drawn - t.began);
      keystroke.push(t.drawn - t.typed);
    }
    await pause(300);
  }
  return { request, keystroke };
}

// The server is measured warm, as a table finds it after an evening's first rolls: before anything is timed, a
// player at a table of its own presses Roll (and edits the form, for its odds) BENCH_WARMUP times while another
// page there hears each roll, so that the code of a roll, a push, a row and the odds is compiled; and the trivial
// page is pressed as many times, so that it is measured as warm.
async function warmUp(browser, count) {
  if (count <= 0) {
    return;
  }
  const table = await api('api/tables', { name: 'Warm-up' });
  const invite = base + 'tables/' + table.id;
  const other = await seat(browser, invite, 'Wendy', { width: 1280, height: 900 }, false);
  const roller = await seat(browser, invite, 'Walt', { width: 1280, height: 900 }, false);
  for (let i = 0; i < count; i++) {
    await roller.evaluate((seq) => new Promise((done) => {
      const seen = new MutationObserver(() => {
        const c = document.querySelector('#yours .card-roll');
        if (c && c.getAttribute('data-seq') === String(seq)) {
          seen.disconnect();
          done();
        }
      });
      seen.observe(document.body, { childList: true, subtree: true });
      document.getElementById('roll:roll-button').click();
      const input = document.querySelector('.roll-form input[type=number]');
      if (input) {
        input.value = String(Number(input.min || 0) + (seq % 2));
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }), i + 1);
    await pause(50);
  }
  await other.context().close();
  await roller.context().close();
  await trivialRoundTrips(browser, count, 0);
}

async function measure(browser, players, label) {
  const [gm, player, phone] = players;
  for (const page of players) {
    await page.reload();
    await page.waitForSelector('#my-name');
    await watch(page);
  }
  await phone.click('[data-dh-tab=feed]');
  // The GM reads the middle of the feed; the phone player watches the top of theirs.
  await gm.evaluate(() => {
    window.dhBench.asked = 1;
    const c = document.querySelector('.feed-column');
    c.scrollTop = Math.max(0, (c.scrollHeight - c.clientHeight) / 2);
  });
  await pause(300);
  await gm.evaluate(() => { window.dhBench.asked = 0; });
  await phone.evaluate(() => { window.dhBench.asked = 0; });
  const made = await rolls(player, [gm, phone]);
  const odds = await oddsRefreshes(player);
  // The roller's own page moves to their result on purpose (they pressed Roll): only the others' count.
  const drift = await Promise.all([gm, phone].map((p) => p.evaluate(() => window.dhBench.drift)));
  const rowsShown = await gm.evaluate(() => document.querySelectorAll('#feed li.log-entry[data-seq]').length);
  return {
    label,
    card: stats(made.card),
    moves: stats(made.moves),
    gmFeed: stats(made.feeds[0]),
    phoneFeed: stats(made.feeds[1]),
    rollAnswerBytes: stats(made.sizes.roll),
    pushAnswerBytes: stats(made.sizes.push),
    oddsFromRequest: stats(odds.request),
    oddsFromKeystroke: stats(odds.keystroke),
    largestUnaskedScroll: Math.max(...drift),
    rowsShownAtOpen: rowsShown,
  };
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: FLAGS });
try {
  const table = await api('api/tables', { name: 'Browser benchmark' });
  const invite = base + 'tables/' + table.id;
  const filler = await api(`api/tables/${table.id}/members`, { name: 'Filler' });
  const fill = async (count) => {
    for (let i = 0; i < count; i++) {
      await api(`api/tables/${table.id}/rolls`, { system: 'tasks-checks', procedure: 'check', roller: 'Filler' },
        { 'Member-Key': filler.memberKey });
    }
  };
  const gm = await seat(browser, invite, 'Gail', { width: 1280, height: 900 }, false);
  const player = await seat(browser, invite, 'Bob', { width: 1280, height: 900 }, false);
  const phone = await seat(browser, invite, 'Pip', { width: 390, height: 844 }, true);
  await warmUp(browser, warmups);
  await fill(5);
  const trivialBefore = await trivialRoundTrips(browser);
  const small = await measure(browser, [gm, player, phone], 'a table with 5 rolls in its log');
  await fill(500 - 5 - (samples + 3));
  const large = await measure(browser, [gm, player, phone], 'a table with 500 rolls in its log');
  const trivialAfter = await trivialRoundTrips(browser);
  const trivial = [...trivialBefore, ...trivialAfter];
  const result = {
    samples,
    warmups,
    trivial: stats(trivial),
    trivialBefore: stats(trivialBefore),
    trivialAfter: stats(trivialAfter),
    tables: [small, large],
  };
  console.log(JSON.stringify(result, null, 2));
  if (process.argv[4]) {
    (await import('node:fs')).writeFileSync(process.argv[4], markdown(result));
  }
} finally {
  await browser.close();
}

function markdown(r) {
  const t = r.trivial.median;
  const x = (ms) => `${ms} ms (${round(ms / t)}×)`;
  const lines = [
    `The trivial Faces round trip (one button re-rendering one number, on the same server): median **${t} ms**`
      + ` (p90 ${r.trivial.p90} ms; ${r.trivialBefore.median} ms before the table runs, ${r.trivialAfter.median} ms after).`
      + ` Each row: ${r.samples} rolls, medians with p90, and × the trivial round trip. Measured warm: ${r.warmups}`
      + ' rolls at a table of their own, and as many presses of the trivial page, came first, untimed (BENCH_WARMUP).',
    '',
    '| at | roll → roller\'s card | roll → the card\'s moves | roll → GM\'s feed (desktop, reading mid-feed) | roll → phone player\'s feed | odds after typing, from the request | from the keystroke (150 ms pause included) | roll answer (the card, its row, then its moves) | push answer | largest scroll of the GM\'s and the phone\'s pages nobody asked for |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of r.tables) {
    lines.push(`| ${row.label} | ${x(row.card.median)}, p90 ${row.card.p90} | ${x(row.moves.median)}, p90 ${row.moves.p90}`
      + ` | ${x(row.gmFeed.median)}, p90 ${row.gmFeed.p90}`
      + ` | ${x(row.phoneFeed.median)}, p90 ${row.phoneFeed.p90} | ${x(row.oddsFromRequest.median)} | ${row.oddsFromKeystroke.median} ms`
      + ` | ${row.rollAnswerBytes.median} bytes | ${row.pushAnswerBytes.median} bytes | ${row.largestUnaskedScroll} px |`);
  }
  return lines.join('\n') + '\n';
}
