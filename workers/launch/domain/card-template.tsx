import { raw } from 'hono/html';
import { contrastRatio, type CardInputs, type CardSize } from './card';

/**
 * The card as one self-contained HTML document. Every text of the release, brief and profile goes
 * through JSX, which escapes it; the stylesheet is the only raw text and is made of numbers and
 * colours checked here. The page may load nothing (its Content-Security-Policy allows images from
 * `data:` only and no script), so the logo comes embedded, already fetched through the SSRF guard.
 */
export function cardHtml(inputs: CardInputs, size: CardSize, logoDataUri: string | null): string {
  const logo = logoDataUri && LOGO_DATA_URI.test(logoDataUri) ? logoDataUri : null;
  // Said once: a title that already names the version or the product does not repeat it beside.
  const showVersion = !inputs.title.toLowerCase().includes(inputs.version.toLowerCase().replace(/^v(?=\d)/, ''));
  const showProduct = inputs.product !== null && (logo !== null || !inputs.title.toLowerCase().includes(inputs.product.toLowerCase()));
  const page = (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'" />
        <style>{raw(stylesheet(inputs, size))}</style>
      </head>
      <body>
        <main>
          {(logo || showProduct) && (
            <header>
              {logo && <img class="logo" src={logo} alt="" />}
              {showProduct && <span class="product">{inputs.product}</span>}
            </header>
          )}
          <section>
            <h1>
              <span class="title">{inputs.title}</span>
              {showVersion && (
                <>
                  {' '}
                  <span class="version">{inputs.version}</span>
                </>
              )}
            </h1>
            {inputs.releaseKind && <p class="kind">{inputs.releaseKind}</p>}
            <ul>
              {inputs.highlights.map((highlight) => (
                <li>
                  <span class="dot" />
                  <span class="text">{highlight.text}</span>
                </li>
              ))}
            </ul>
          </section>
          {inputs.link && <footer>{inputs.link}</footer>}
        </main>
      </body>
    </html>
  );
  return `<!doctype html>${page.toString()}`;
}

const LOGO_DATA_URI = /^data:image\/(?:png|jpeg|webp|gif|svg\+xml);base64,[A-Za-z0-9+/]+=*$/;
const HEX_COLOUR = /^#[0-9a-f]{6}$/;

function colour(value: string, fallback: string): string {
  return HEX_COLOUR.test(value) ? value : fallback;
}

function stylesheet(inputs: CardInputs, size: CardSize): string {
  const square = size.height >= size.width * 0.8;
  // Laid out for 1200×675 and scaled, so every size reads the same.
  const unit = Math.min(size.width / 1200, size.height / 675);
  const px = (value: number) => `${Math.round(value * unit)}px`;
  // The accent now only marks the items and the border: no text sits on it.
  const { background, text, accent } = {
    background: colour(inputs.colours.background, '#0f172a'),
    text: colour(inputs.colours.text, '#ffffff'),
    accent: colour(inputs.colours.accent, '#38bdf8'),
  };
  // The link in the accent colour where it reads on the background, else in the text colour.
  const accentText = contrastRatio(accent, background) >= 3 ? accent : text;
  return `
*{box-sizing:border-box;margin:0;padding:0}
html,body{width:${size.width}px;height:${size.height}px;overflow:hidden}
body{background:${background};color:${text};font-family:"Inter","Segoe UI","Helvetica Neue",Arial,"Noto Sans",sans-serif;-webkit-font-smoothing:antialiased}
main{display:flex;flex-direction:column;gap:${px(square ? 44 : 28)};height:100%;padding:${px(56)} ${px(72)} ${px(44)};border-bottom:${px(14)} solid ${accent}}
header{display:flex;align-items:center;gap:${px(20)};min-height:${px(64)}}
.logo{height:${px(64)};max-width:${px(240)};object-fit:contain}
.product{font-size:${px(34)};font-weight:600;opacity:.85}
h1{font-size:${px(square ? 88 : 68)};line-height:1.1;font-weight:800;letter-spacing:-.01em;overflow-wrap:anywhere;display:-webkit-box;-webkit-line-clamp:${square ? 3 : 2};-webkit-box-orient:vertical;overflow:hidden}
.version{display:inline-block;vertical-align:middle;font-size:${px(30)};font-weight:700;padding:${px(6)} ${px(16)};border:${px(3)} solid ${accent};border-radius:${px(999)};color:${text}}
section{flex:1;display:flex;flex-direction:column;justify-content:center;gap:${px(square ? 48 : 30)};overflow:hidden}
ul{list-style:none;display:flex;flex-direction:column;gap:${px(square ? 30 : 22)}}
footer{font-size:${px(24)};font-weight:600;color:${accentText};overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
li{display:flex;align-items:flex-start;gap:${px(18)};font-size:${px(square ? 40 : 32)};line-height:1.3}
.kind{font-size:${px(28)};font-weight:700;color:${accentText};margin-top:${px(-12)}}
.dot{flex:none;width:${px(14)};height:${px(14)};border-radius:50%;background:${accent};margin-top:${px(square ? 18 : 14)}}
.text{overflow-wrap:anywhere;display:-webkit-box;-webkit-line-clamp:${square ? 3 : 2};-webkit-box-orient:vertical;overflow:hidden}
`;
}
