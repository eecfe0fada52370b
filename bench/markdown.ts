// How long one render of a member's Markdown takes (issue 25: hostile input within 50 ms a render). CPU time from
// process.cpuUsage, which other load on the machine moves least; the median of rounds, and the worst round.
import { loadavg } from 'node:os';
import { renderMemberText } from '../apps/server/src/lib/member-markdown.js';

const BUDGET_MS = 50;
const reply =
  'The **balance shoe** jumped its track. To fix it:\n\n1. Tilt the sash in\n2. Turn the shoe with a flat screwdriver\n' +
  '3. Lower the sash onto it\n\n> @bob wrote:\n> it will not stay up\n\nSee [the guide](https://example.com/guide) and `M4 x 20`.\n';

const inputs: [string, string][] = [
  ['a typical reply (300 B)', reply],
  ['the longest reply, 5000 characters of Markdown', reply.repeat(20).slice(0, 5000)],
  ['100 KB of asterisks', '*'.repeat(100 * 1024)],
  ['100 KB of asterisks after a letter', `a${'*'.repeat(100 * 1024)}`],
  ['100 KB of underscores', '_'.repeat(100 * 1024)],
  ['quotes 50 deep', `${'>'.repeat(50)} deep`],
  ['1000 links', '[x](https://example.com/a) '.repeat(1000)],
];

let over = false;
for (const [name, source] of inputs) {
  const rounds: number[] = [];
  renderMemberText(source);
  for (let r = 0; r < 15; r++) {
    const start = process.cpuUsage();
    renderMemberText(source);
    const used = process.cpuUsage(start);
    rounds.push((used.user + used.system) / 1000);
  }
  rounds.sort((a, b) => a - b);
  const median = rounds[Math.floor(rounds.length / 2)]!;
  if (median > BUDGET_MS) over = true;
  console.log(
    `${name.padEnd(48)} ${median.toFixed(2).padStart(8)} ms CPU a render (worst ${rounds.at(-1)!.toFixed(2)})  ${source.length} characters`,
  );
}
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; budget ${BUDGET_MS} ms a render`,
);
if (over) process.exitCode = 1;
