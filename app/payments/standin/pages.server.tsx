import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * The stand-in's pages, rendered on the server to plain HTML: no script, no hydration; Pay and
 * Cancel are plain form posts. Deliberately not the site's own frame or stylesheet: they stand in
 * for PayPal's pages, another site reached by full page loads.
 */

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#fff;line-height:1.5}
main{max-width:32rem;margin:0 auto;padding:2.5rem 1rem}
main.wide{max-width:42rem}
.notice{margin:0;border:2px dashed #b45309;border-radius:.375rem;background:#fffbeb;padding:.5rem 1rem;font-size:.875rem;font-weight:600;color:#78350f}
h1{margin:1.5rem 0 0;font-size:1.5rem;line-height:2rem;font-weight:700;color:#003087}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1.5rem;margin:1.5rem 0 0;border:1px solid #d1d5db;border-radius:.5rem;padding:1rem;font-size:.875rem}
dt{font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
.note{margin-top:1rem;font-weight:500}
.choices{display:flex;gap:.75rem;margin-top:1.5rem}
form{margin:0}
button{font:inherit;cursor:pointer;border-radius:9999px;padding:.5rem 2rem}
button.pay{border:0;background:#ffc439;color:#111;font-weight:700}
button.cancel{border:1px solid #6b7280;background:#fff;color:#111827;font-weight:600}
button:focus-visible{outline:3px solid #003087;outline-offset:2px}
code{font-size:.9em}
`;

function Document({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <main id="main" className={wide ? "wide" : undefined}>
          {children}
        </main>
      </body>
    </html>
  );
}

const render = (page: ReactNode) => `<!DOCTYPE html>${renderToStaticMarkup(page)}`;

const HEADING = "PayPal stand-in — test payment, no money moves";
const NOTICE = "Development and test stand-in for PayPal. Nothing is charged.";

export interface CheckoutDetails {
  item: string;
  amount: string;
  currency: string;
  payee: string;
  note?: string;
}

/**
 * The checkout page (Payments Standard's hosted checkout and Orders v2's approval page look
 * alike): what is being paid, to whom, and Pay and Cancel, each a form posting to this address.
 */
export function checkoutPage({ item, amount, currency, payee, note }: CheckoutDetails): string {
  return render(
    <Document title="PayPal stand-in checkout">
      <p className="notice">{NOTICE}</p>
      <h1>{HEADING}</h1>
      <dl>
        <dt>Item</dt>
        <dd>{item}</dd>
        <dt>Amount</dt>
        <dd>
          {amount} {currency}
        </dd>
        <dt>Pay to</dt>
        <dd>{payee}</dd>
      </dl>
      {note && <p className="note">{note}</p>}
      <div className="choices">
        <form method="post">
          <input type="hidden" name="intent" value="pay" />
          <button type="submit" className="pay">
            Pay
          </button>
        </form>
        <form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className="cancel">
            Cancel
          </button>
        </form>
      </div>
    </Document>,
  );
}

/** A checkout that is used up, expired or never existed. */
export function endedPage(): string {
  return render(
    <Document title="PayPal stand-in checkout">
      <p className="notice">{NOTICE}</p>
      <h1>This checkout has ended or never existed.</h1>
    </Document>,
  );
}

/** What the stand-in is, for a developer who finds it. */
export function homePage(appUrl: string): string {
  return render(
    <Document title="PayPal stand-in" wide>
      <h1>{HEADING}</h1>
      <p>
        This server is running with <code>PAYPAL_MODE=standin</code>. Instead of PayPal, the site talks to the stand-in&apos;s REST API at{" "}
        {`${appUrl}/paypal-standin`} (OAuth token, Orders v2 create, get and capture, webhook verification); its approval page sends buyers back
        to the site and its webhooks come here too. With <code>PAYPAL_CHECKOUT=standard</code> pay buttons post to /paypal-standin/cgi-bin/webscr
        and the stand-in sends a test IPN. Set <code>PAYPAL_MODE=sandbox</code> or <code>live</code> to use PayPal.
      </p>
    </Document>,
  );
}
