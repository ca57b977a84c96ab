import { measurePost, type Channel } from '../../../domain/channels';
import { channelNamesForPeople } from '../bits';

/** The copy exactly as it will be posted, with its length measured the way its network counts. */
export function CopyPanel(props: { channel: string; copy: string }) {
  const measure = measurePost(props.channel as Channel, props.copy);
  const over = measure.length > measure.limit;
  const unit = measure.unit.replace('_', ' ');
  return (
    <section class="card" aria-labelledby="copy-heading">
      <h2 id="copy-heading">Copy for {channelNamesForPeople[props.channel] ?? props.channel}</h2>
      <pre class="copy">{props.copy}</pre>
      <div class="meter">
        <meter
          id="length-meter"
          min={0}
          max={measure.limit}
          low={measure.limit * 0.9}
          high={measure.limit}
          optimum={0}
          value={measure.length}
          aria-describedby="length-text"
        />
        <span id="length-text" class={over ? 'over' : undefined}>
          {measure.length} / {measure.limit} {unit}
          {over ? ` — ${measure.length - measure.limit} over the limit` : ''}
        </span>
      </div>
    </section>
  );
}
