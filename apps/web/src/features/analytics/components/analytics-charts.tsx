import { ANALYTICS_MSG, TOPIC_LABELS, type AnalyticsReport } from '@fenestra/shared';
import { formatCount, formatHours, formatPercent, longDay, longWeek, shortDay, shortWeek } from '../utils/format';
import { ChartCard } from './chart-card';
import { SeriesChart } from './series-chart';

const percentAxis = (value: number) => `${value}%`;
const hoursAxis = (value: number) => `${value} h`;

/** The seven charts of the period, each with its table. */
export function AnalyticsCharts({ report }: { report: AnalyticsReport }) {
  const { days, weeks, topTags, topics, totals } = report;
  const weekLabel = (week: string) => longWeek(week, weeks.find((w) => w.week === week)?.start ?? '');
  const topicRows = topics.map((t) => ({ topic: TOPIC_LABELS[t.topic], posts: t.posts }));
  const corrections = days.map(({ day, corrections: n }) => ({ day, corrections: n }));

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <ChartCard
          title="New posts and replies per day"
          description="Public posts created each day, and replies written on public posts."
          summary={`Line chart: ${formatCount(totals.posts)} new posts and ${formatCount(totals.replies)} replies over ${days.length} days.`}
          table={{
            columns: ['Day', 'New posts', 'Replies'],
            rows: days.map((d) => [longDay(d.day), d.posts, d.replies]),
          }}
        >
          <SeriesChart
            kind="line"
            data={days}
            x="day"
            series={[
              { key: 'posts', name: 'New posts', color: 'var(--chart-1)' },
              { key: 'replies', name: 'Replies', color: 'var(--chart-2)' },
            ]}
            formatX={shortDay}
            formatLongX={longDay}
          />
        </ChartCard>
      </div>
      <ChartCard
        title="Approval rate per week"
        description="Approvals out of all approvals and denials logged that week."
        summary={`Bar chart: ${formatPercent(totals.approvalRate)} of ${totals.approvals + totals.denials} decisions were approvals.`}
        table={{
          columns: ['Week', 'Approvals', 'Denials', 'Approval rate'],
          rows: weeks.map((w) => [longWeek(w.week, w.start), w.approvals, w.denials, formatPercent(w.approvalRate)]),
        }}
      >
        <SeriesChart
          kind="bar"
          data={weeks}
          x="week"
          series={[{ key: 'approvalRate', name: 'Approval rate', color: 'var(--chart-1)' }]}
          formatX={shortWeek}
          formatLongX={weekLabel}
          formatY={percentAxis}
          maxY={100}
        />
      </ChartCard>
      <ChartCard
        title="Solve rate per week"
        description="Of the posts made public that week, the share solved now."
        summary={`Bar chart: ${formatPercent(totals.solveRate)} of ${totals.madePublic} posts made public are solved.`}
        table={{
          columns: ['Week', 'Made public', 'Solved now', 'Solve rate'],
          rows: weeks.map((w) => [longWeek(w.week, w.start), w.madePublic, w.solved, formatPercent(w.solveRate)]),
        }}
      >
        <SeriesChart
          kind="bar"
          data={weeks}
          x="week"
          series={[{ key: 'solveRate', name: 'Solve rate', color: 'var(--chart-3)' }]}
          formatX={shortWeek}
          formatLongX={weekLabel}
          formatY={percentAxis}
          maxY={100}
        />
      </ChartCard>
      <ChartCard
        title="Median time to first reply"
        description="Over the public posts created each week; the first reply by someone other than the author."
        summary={`Bar chart: median first reply ${formatHours(totals.medianFirstReplyHours)}; ${totals.answered} of ${totals.postsCreated} posts answered.`}
        table={{
          columns: ['Week', 'Posts', 'Answered', 'Median first reply'],
          rows: weeks.map((w) => [
            longWeek(w.week, w.start),
            w.postsCreated,
            w.answered,
            formatHours(w.medianFirstReplyHours),
          ]),
        }}
      >
        <SeriesChart
          kind="bar"
          data={weeks}
          x="week"
          series={[{ key: 'medianFirstReplyHours', name: 'Median first reply', color: 'var(--chart-2)' }]}
          formatX={shortWeek}
          formatLongX={weekLabel}
          formatY={hoursAxis}
          integer={false}
        />
      </ChartCard>
      <ChartCard
        title="Top tags"
        description="The 10 tags used most on public posts created in the period."
        summary={
          topTags.length
            ? `Bar chart: the most used tag is ${topTags[0]!.tag} (${topTags[0]!.posts} posts).`
            : 'Bar chart: no tagged posts in the period.'
        }
        table={{ columns: ['Tag', 'Posts'], rows: topTags.map((t) => [t.tag, t.posts]) }}
        notice={topTags.length ? undefined : 'No tagged public posts in this period.'}
      >
        <SeriesChart
          kind="bar"
          horizontal
          data={topTags}
          x="tag"
          series={[{ key: 'posts', name: 'Posts', color: 'var(--chart-4)' }]}
        />
      </ChartCard>
      <ChartCard
        title="Posts per topic"
        description="Public posts created in the period, by topic."
        summary={`Bar chart: ${topicRows.map((t) => `${t.topic} ${t.posts}`).join(', ')}.`}
        table={{ columns: ['Topic', 'Posts'], rows: topicRows.map((t) => [t.topic, t.posts]) }}
      >
        <SeriesChart
          kind="bar"
          horizontal
          data={topicRows}
          x="topic"
          series={[{ key: 'posts', name: 'Posts', color: 'var(--chart-1)' }]}
        />
      </ChartCard>
      <div className="lg:col-span-2">
        <ChartCard
          title="Detection corrections per day"
          description="Images whose detected object staff corrected, each day."
          summary={`Bar chart: ${formatCount(totals.corrections)} detection corrections over ${days.length} days.`}
          table={{ columns: ['Day', 'Corrections'], rows: corrections.map((d) => [longDay(d.day), d.corrections]) }}
          notice={
            report.correctionsEver === 0
              ? ANALYTICS_MSG.noCorrectionsYet
              : totals.corrections === 0
                ? ANALYTICS_MSG.noCorrectionsInPeriod
                : undefined
          }
        >
          <SeriesChart
            kind="bar"
            data={corrections}
            x="day"
            series={[{ key: 'corrections', name: 'Corrections', color: 'var(--chart-3)' }]}
            formatX={shortDay}
            formatLongX={longDay}
          />
        </ChartCard>
      </div>
    </div>
  );
}
