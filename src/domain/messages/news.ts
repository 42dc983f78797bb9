/** Newsfeed messages: spec §2 News, §5 News, §6. Owned by the news work. */
export const news = {
  titles: {
    newsfeed: 'Newsfeed',
    add: 'Add News',
    edit: 'Edit News',
    /** Every officer's menu entry (not level 3): the newsfeed to read. */
    news: 'News',
  },
  /** The latest unread news item on the landing pages, until the officer marks it read. */
  banner: {
    label: 'Latest news',
    markRead: 'Mark as read',
    allNews: 'All news',
    showMore: 'Show more',
    showLess: 'Show less',
  },
  fields: {
    dateEntered: 'Date',
    shortDesc: 'Title',
    newsText: 'News Text',
    editOf: 'Edit %{title}',
  },
  /** Toast after a successful add or change (spec §4 Saves: back to the list). */
  saved: 'News saved.',
  validation: {
    titleRequired: 'Title is required',
    newsTextRequired: 'News text is required',
    newsTextAscii: 'News Content has non-ASCII characters. Please remove!',
  },
  errors: {
    newsNotFound: 'News item not found.',
    cannotRemove: 'This news item cannot be removed.',
  },
} as const;
