/** How many messages and subscribers each list shows a page (spec); the pages and the JSON API read these. */
export const INBOX_PAGE_SIZES = {
  /** Each of the Unread and Read tables, and GET /api/messages. */
  messages: 3,
  /** All subscribers, and GET /api/subscribers. */
  subscribers: 5,
  /** The admin dashboard's subscribers table. */
  dashboardSubscribers: 3,
} as const;
