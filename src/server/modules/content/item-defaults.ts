/** SPEC §3's defaults of what the server keeps on every item a section counts and credits (jobs,
 * businesses, homes): its views, likes, author and date, the tail of each one's `initdata`. */
export const countedItemDefaults = { count: 0, like: 0, name: '', user: 0, date: '' } as const;
