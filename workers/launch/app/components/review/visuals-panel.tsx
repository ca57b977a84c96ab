export interface ShownVisual {
  altText: string;
  /** Where the browser can load it: a signed URL for an uploaded asset, the https URL otherwise; null when it cannot be shown. */
  src: string | null;
  label: string;
}

/**
 * The post's images in order, each as wide as the panel (a card's words must be readable to be
 * judged) with a link to the file at full size, and the alt text readers of the post will get.
 */
export function VisualsPanel(props: { visuals: ShownVisual[] }) {
  return (
    <section class="card" aria-labelledby="visuals-heading">
      <h2 id="visuals-heading">Visuals</h2>
      {props.visuals.length === 0 ? (
        <p class="muted">This post has no visuals.</p>
      ) : (
        <ul class="visuals">
          {props.visuals.map((visual, index) => (
            <li>
              <figure>
                {visual.src ? <img src={visual.src} alt={visual.altText} loading="lazy" /> : <p class="muted">{visual.label} (cannot be previewed)</p>}
                <figcaption>
                  {index + 1}. Alt text: {visual.altText}
                  {visual.src && (
                    <>
                      {' '}
                      · <a href={visual.src}>Open image {index + 1} at full size</a>
                    </>
                  )}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
