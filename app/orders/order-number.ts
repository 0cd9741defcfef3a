/** How an order number reads to people, on pages, in mails and in the admin's lists: "#1001". */
export const orderNumberText = (n: number) => `#${n}`;
