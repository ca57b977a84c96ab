import { StatusBadge, Time } from '../bits';

interface Delivery {
  status: string;
  scheduledFor: string;
  publishedAt: string | null;
  externalUrl: string | null;
  lastError: string | null;
}

/**
 * A link a network answered with, when it is a web page: only http(s), so an answer can never put
 * a `javascript:` link on the page (the local fakes answer with http).
 */
export function webLink(url: string | null): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null;
}

/** The post's way out, beside its other facts: when it goes, and once out, where it is, link shown in full. */
export function DeliveryFacts(props: { delivery: Delivery | null; account: string | null; zone: string }) {
  const { delivery } = props;
  if (!delivery) return null;
  const link = webLink(delivery.externalUrl);
  return (
    <>
      <dt>Publishing</dt>
      <dd>
        <StatusBadge status={delivery.status} /> {props.account ? `on ${props.account}, ` : ''}
        {delivery.publishedAt ? (
          <>
            published <Time at={delivery.publishedAt} zone={props.zone} />
          </>
        ) : (
          <>
            due <Time at={delivery.scheduledFor} zone={props.zone} />
          </>
        )}
        {delivery.lastError && <div class="muted">{delivery.lastError}</div>}
      </dd>
      {link && (
        <>
          <dt>Published at</dt>
          <dd class="url">
            <a href={link}>{link}</a>
          </dd>
        </>
      )}
    </>
  );
}
