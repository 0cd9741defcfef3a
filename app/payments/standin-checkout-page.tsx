/**
 * The PayPal stand-in's checkout page (Payments Standard's hosted checkout and Orders v2's approval
 * page look alike): what is being paid, to whom, and Pay and Cancel as plain forms. Deliberately not
 * the site's own frame: it stands in for PayPal's page, another site reached by full page loads.
 */
export function StandinCheckoutPage({ item, amount, currency, payee, note }: { item: string; amount: string; currency: string; payee: string; note?: string }) {
  const choices = [
    { intent: "pay", label: "Pay", className: "rounded-full bg-[#ffc439] px-8 py-2 font-bold text-[#111]" },
    { intent: "cancel", label: "Cancel", className: "rounded-full border border-gray-500 px-8 py-2 font-semibold text-gray-900" },
  ];
  return (
    <main id="main" className="mx-auto max-w-lg px-4 py-10">
      <p className="rounded-md border-2 border-dashed border-amber-700 bg-amber-50 px-4 py-2 text-sm font-semibold text-amber-900">
        Development and test stand-in for PayPal. Nothing is charged.
      </p>
      <h1 className="mt-6 text-2xl font-bold text-[#003087]">PayPal stand-in — test payment, no money moves</h1>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-gray-300 p-4 text-sm">
        <dt className="font-semibold text-gray-900">Item</dt>
        <dd>{item}</dd>
        <dt className="font-semibold text-gray-900">Amount</dt>
        <dd>
          {amount} {currency}
        </dd>
        <dt className="font-semibold text-gray-900">Pay to</dt>
        <dd>{payee}</dd>
      </dl>
      {note && <p className="mt-4 font-medium">{note}</p>}
      <div className="mt-6 flex gap-3">
        {choices.map((choice) => (
          <form key={choice.intent} method="post">
            <input type="hidden" name="intent" value={choice.intent} />
            <button type="submit" className={choice.className}>
              {choice.label}
            </button>
          </form>
        ))}
      </div>
    </main>
  );
}
