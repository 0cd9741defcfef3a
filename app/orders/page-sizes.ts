/** How many orders each list shows a page (spec §9); the pages and the JSON API read these. */
export const ORDER_PAGE_SIZES = {
  /** The admin's All orders, and GET /api/orders for an admin. */
  allOrders: 10,
  /** The admin dashboard's orders table. */
  adminDashboard: 7,
  /** My Orders and Pending orders, and GET /api/orders for a customer. */
  customerOrders: 5,
  /** The customer dashboard's orders table. */
  customerDashboard: 3,
} as const;
