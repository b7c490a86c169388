import type { Generated, Kysely, Selectable, Transaction } from 'kysely';
import type { BusinessHours } from '#shared/business-hours.ts';
import type { CommentTarget } from '#shared/schemas/content.ts';

// The schema both databases share. Times are ISO-8601 UTC text on both (see lib/clock.ts), so
// rows read the same from SQLite and PostgreSQL.

export interface UsersTable {
  id: Generated<number>;
  loginid: string;
  passwd: string;
  name: string;
  nickname: string;
  /** nickname folded for the uniqueness rule (case- and width-insensitive). */
  nicknamekey: string;
  email: string;
  /** The address's mailbox (lib/mailbox.ts): one per person for sign-up and reports. */
  mailbox: Generated<string>;
  tel: string;
  hp: string;
  level: number;
  status: number;
  use: number;
  remark: string;
  logindate: string;
  lastchangepasswddate: string;
  date: string;
  /** A suspension's end (ISO UTC; '' none, or past: over by itself) and its reason. */
  suspenduntil: Generated<string>;
  suspendreason: Generated<string>;
  /** When the member last proved the login e-mail theirs by a code (sign-up, reset); '' never known. */
  emailverified: Generated<string>;
}

/** E-mail codes for sign-up and password reset. */
export interface VerificationsTable {
  id: Generated<number>;
  /** What the API names a code by: random, so one code's id tells nothing of another's. */
  publicid: string;
  email: string;
  purpose: string;
  codehash: string;
  attempts: number;
  senddate: string;
  expiredate: string;
  confirmdate: string;
  usedate: string;
}

export interface Database {
  users: UsersTable;
  verifications: VerificationsTable;
  board: BoardTable;
  jobs: JobsTable;
  business: BusinessTable;
  business_reviews: BusinessReviewsTable;
  housing: HousingTable;
  inquiry: InquiryTable;
  mainschedule: MainscheduleTable;
  event: EventTable;
  event_rsvp: EventRsvpTable;
  organization_editor: OrganizationEditorTable;
  comment: CommentTable;
  likes: LikesTable;
  views: ViewsTable;
  upload: UploadTable;
  audit: AuditTable;
  search_doc: SearchDocTable;
  sessions: SessionsTable;
  mails: MailsTable;
  schedules: SchedulesTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  blocks: BlocksTable;
  trades: TradesTable;
  reviews: ReviewsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_settings: PushSettingsTable;
  push_servers: PushServersTable;
  alerts: AlertsTable;
  alert_words: AlertWordsTable;
  alert_cursor: AlertCursorTable;
  alert_digest: AlertDigestTable;
  reports: ReportsTable;
  report_kept: ReportKeptTable;
  review_queue: ReviewQueueTable;
  listing_warning: ListingWarningTable;
  photo_band: PhotoBandTable;
  scam_phrase: ScamPhraseTable;
  list_counts: ListCountsTable;
}

/** Periodic work shared by the app servers (db/schedule.ts): when a task is next due. */
export interface SchedulesTable {
  name: string;
  nextdate: string;
}

/** A signed-in session: its id is in the token (lib/jwt.ts); deleting the row ends it. */
export interface SessionsTable {
  id: string;
  user: number;
  /** When it began (sessions end with their token, 7 days on). */
  date: string;
}

/** A mail waiting to be sent (modules/mail). A server owns it while `lease` is its token and
 * `leasedate` is ahead; it is tried again from `nextdate` and dropped at `expiredate`. One given
 * up has a `faildate` and an empty body, and is kept a week for the operator to see. */
export interface MailsTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
  nextdate: string;
  lease: string;
  leasedate: string;
  expiredate: string;
  date: string;
  /** The latest try's error (the recipient masked), or ''. */
  lasterror: Generated<string>;
  /** When the queue gave up on it, or ''. */
  faildate: Generated<string>;
}

/** One thing a member is told (modules/notification): unique per member, kind, target and item.
 * `target` and `item` name what the event is about (a comment, an inquiry); `link` is where it is
 * read; `title` is the item's title when it happened; `keyword` the keyword that matched (keyword
 * notices, else ''); `readdate` is '' until read. */
export interface NotificationsTable {
  id: Generated<number>;
  user: number;
  kind: string;
  target: string;
  item: number;
  actor: number;
  title: string;
  link: string;
  keyword: Generated<string>;
  readdate: Generated<string>;
  date: string;
}

/** A member's choice to be mailed a kind of notification too; no row means the kind's default. */
export interface NotificationSettingsTable {
  user: number;
  kind: string;
  mail: number;
}

/** Two members' private conversation, about an item or direct (modules/message, migration 0022). */
export interface ConversationsTable {
  id: Generated<number>;
  /** The pair, the lower id first. */
  user1: number;
  user2: number;
  /** The item's table and id; '' and 0 for a direct conversation. */
  target: string;
  item: number;
  /** The newest message's id (0: none yet) and date. */
  last: Generated<number>;
  lastdate: string;
  date: string;
}

/** One member's marks on a conversation. */
export interface ConversationMembersTable {
  conversation: number;
  user: number;
  /** The newest message this member has read. */
  readmessage: Generated<number>;
  /** 1 when the member left it: off their list until a new message comes. */
  hidden: Generated<number>;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation: number;
  user: number;
  content: string;
  date: string;
  /** 1 once the mail for it, if left unread, has been considered. */
  mailed: Generated<number>;
}

/** A listing its seller closed with a buyer (modules/review, migration 0025): one per item. */
export interface TradesTable {
  target: string;
  item: number;
  seller: number;
  buyer: number;
  date: string;
}

/** A party's review of the other party of a trade (거래후기): `user` wrote it of `member`. */
export interface ReviewsTable {
  id: Generated<number>;
  target: string;
  item: number;
  user: number;
  member: number;
  rating: number;
  /** Tag codes, comma-separated. */
  tags: string;
  content: string;
  date: string;
}

/** `user` blocked `blocked`: no new conversation or message from them. */
export interface BlocksTable {
  user: number;
  blocked: number;
  date: string;
}

/** A member's browser that takes web push (modules/push, migration 0027). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  date: string;
}

/** The VAPID key each running app server signs pushes with, and when one last said it ran
 * (modules/push/push-servers.ts, migration 0033). */
export interface PushServersTable {
  public_key: string;
  seen: string;
}

/** A member's push choices: `kinds` comma separated, quiet hours "HH:MM" or '' (migration 0027). */
export interface PushSettingsTable {
  user: number;
  kinds: string;
  quiet_from: string;
  quiet_to: string;
}

/** A keyword a member follows (modules/alert): `section` '' for all, `mail` none/instant/daily,
 * `key` the keyword's first search token, which new items are looked up by. */
export interface AlertsTable {
  id: Generated<number>;
  user: number;
  keyword: string;
  section: string;
  mail: string;
  key: string;
  date: string;
}

/** Each keyword someone follows, once, by its key. */
export interface AlertWordsTable {
  keyword: string;
  key: string;
}

/** How far a table's new items have been matched against the keywords. */
export interface AlertCursorTable {
  target: string;
  last: number;
}

/** A keyword notice waiting for its member's daily mail. */
export interface AlertDigestTable {
  id: Generated<number>;
  user: number;
  notification: number;
  date: string;
}

/** Lists' totals (db/counters.ts): the items of `tbl` in one counted scope. */
export interface ListCountsTable {
  tbl: string;
  scope: string;
  n: number;
}

export type UserRow = Selectable<UsersTable>;
export type VerificationRow = Selectable<VerificationsTable>;

export type Db = Kysely<Database>;
/** Repositories take an executor: the database or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
export type Dialect = 'sqlite' | 'postgres';

// Content (SPEC §3). `hidden` is the moderators' switch: a hidden item is gone for everyone but
// admins. `images` holds a JSON array of our own upload paths.

interface Authored {
  name: string;
  user: number;
  hidden: Generated<number>;
  date: string;
}
interface Counted {
  count: Generated<number>;
  like: Generated<number>;
}
/** Listings that expire (market posts and jobs, modules/freshness): the last bump (or the
 * creation), when it closes ('' never), whether the sweep has closed it, and the close date its
 * 3-day notice was sent for. */
interface Expiring {
  bumpdate: Generated<string>;
  expiredate: Generated<string>;
  closed: Generated<number>;
  expirynotice: Generated<string>;
}

export interface BoardTable extends Authored, Counted, Expiring {
  id: Generated<number>;
  title: string;
  content: string;
  etitle: string;
  econtent: string;
  image: string;
  images: string;
  comment: Generated<number>;
  location: string;
  price: number;
  free: number;
  marketstatus: number;
  parent: number;
  language: number;
  korean: number;
  english: number;
  status: number;
  topcategory: number;
  category: string;
  subcategory: string;
  /** An organization's (topcategory 7) contact and about fields; '' on other posts. */
  tel: Generated<string>;
  email: Generated<string>;
  address: Generated<string>;
  url: Generated<string>;
  kakao: Generated<string>;
  officers: Generated<string>;
  hours: Generated<string>;
}

export interface JobsTable extends Authored, Counted, Expiring {
  id: Generated<number>;
  title: string;
  content: string;
  type: number;
  companyname: string;
  tel: string;
  url: string;
  manager: string;
  email: string;
  category: string;
  location: string;
  employmenttype: string;
  limitdate: string;
  status: number;
  paymin: Generated<number>;
  paymax: Generated<number>;
  payunit: Generated<number>;
  /** Visa terms, codes 1-5 as bits (code - 1): modules/jobs/jobs-pay.ts. */
  visa: Generated<number>;
}

export interface BusinessTable extends Authored, Counted, BusinessHours {
  id: Generated<number>;
  category: string;
  subcategory: string;
  title: string;
  tel: string;
  address: string;
  url: string;
  location: string;
  image: string;
  /** A JSON array of our own upload paths; the first is also `image`. */
  images: string;
  /** Closed days: ISO weekdays (1 Monday .. 7 Sunday) as "6,7", or empty. */
  closeddays: string;
  content: string;
  type: number;
  main: number;
  /** The average of its counted reviews, one decimal (0 with none), and how many: kept by the
   * review writes (modules/business-review). */
  rating: Generated<number>;
  reviews: Generated<number>;
}

/** A member's review of a business; `hidden` as items' (shared/reports.ts Visibility): 2 while it
 * waits on the review queue, 1 rejected, 0 counted. */
export interface BusinessReviewsTable {
  id: Generated<number>;
  business: number;
  user: number;
  rating: number;
  content: string;
  reply: Generated<string>;
  replydate: Generated<string>;
  hidden: Generated<number>;
  date: string;
}

/** Housing (부동산): yes/no fields are 1 yes / 2 no; `movein` '' is 즉시. */
export interface HousingTable extends Authored, Counted, Expiring {
  id: Generated<number>;
  title: string;
  content: string;
  image: string;
  /** A JSON array of our own upload paths; the first is also `image`. */
  images: string;
  kind: number;
  rent: number;
  deposit: number;
  price: number;
  movein: string;
  lease: number;
  bedrooms: number;
  bathrooms: number;
  furnished: number;
  utilities: number;
  pets: number;
  parking: number;
  gender: number;
  location: string;
  address: string;
  status: number;
  tel: string;
  email: string;
  /** Live comments under it. */
  comment: Generated<number>;
}

export interface InquiryTable extends Authored {
  id: Generated<number>;
  title: string;
  content: string;
  answer: string;
  status: number;
  updatedate: string;
}

/** A community event (migrations/0028-events.ts). */
export interface EventTable extends Authored {
  id: Generated<number>;
  title: string;
  content: string;
  startdate: string;
  starttime: string;
  enddate: string;
  endtime: string;
  allday: number;
  weekday: number;
  place: string;
  address: string;
  organization: number;
  category: string;
  capacity: number;
  url: string;
  /** A JSON array of upload paths. */
  images: string;
  attendees: Generated<number>;
}

/** Who comes to an event; `reminded`: the occurrence they were last reminded of. */
/** The members an admin named to keep an organization's page. */
export interface OrganizationEditorTable {
  organization: number;
  user: number;
  date: string;
}

export interface EventRsvpTable {
  event: number;
  user: number;
  date: string;
  reminded: Generated<string>;
}

export interface MainscheduleTable extends Authored {
  id: Generated<number>;
  title: string;
  content: string;
  startdate: string;
  enddate: string;
  starttime: string;
  endtime: string;
  location: string;
  url: string;
  category: string;
  weekday: number;
  status: number;
  sortorder: number;
}

export interface CommentTable {
  id: Generated<number>;
  /** The table of the item it is under (a resource that declares `comments`), whose id is `board`. */
  target: Generated<CommentTarget>;
  board: number;
  parent: number;
  content: string;
  name: string;
  user: number;
  deleted: Generated<number>;
  /** shared/reports.ts Visibility: 2 while reports hold it for review. */
  hidden: Generated<number>;
  date: string;
}

/** One member's report of one item (modules/report): unique per target, item and member. */
export interface ReportsTable {
  id: Generated<number>;
  target: string;
  item: number;
  user: number;
  reason: string;
  detail: Generated<string>;
  date: string;
}

/** An item an admin restored after reports held it: reports never hold it again by themselves. */
export interface ReportKeptTable {
  target: string;
  item: number;
  actor: number;
  date: string;
}

/** An item waiting for an admin (modules/queue): why, and what the checks found. */
export interface ReviewQueueTable {
  target: string;
  item: number;
  user: number;
  reason: string;
  /** The scam checks' findings, JSON of [{key, phrase}]. */
  warnings: Generated<string>;
  duplicate_target: Generated<string>;
  duplicate_item: Generated<number>;
  date: string;
}

/** A listing published with a scam caution (modules/scam/listing-warning.repository.ts). */
export interface ListingWarningTable {
  target: string;
  item: number;
  user: number;
  /** The phrases its latest save earned, JSON of [{key, phrase}]. */
  warnings: string;
  date: string;
}

export interface LikesTable {
  id: Generated<number>;
  target: string;
  item: number;
  user: number;
  date: string;
}

export interface ViewsTable {
  target: string;
  item: number;
  visitor: string;
  date: string;
}

export interface UploadTable {
  id: Generated<number>;
  path: string;
  thumb: string;
  filename: string;
  mime: string;
  size: number;
  width: number;
  height: number;
  user: number;
  date: string;
  /** Its perceptual hash (photo-hash.ts); '' for images stored before it was kept. */
  phash: Generated<string>;
}

/** A listing photo's hash in four bands, one row each (migration 0031). */
export interface PhotoBandTable {
  band: number;
  hash: string;
  target: string;
  item: number;
  user: number;
}

/** A phrase an admin added to a scam warning. */
export interface ScamPhraseTable {
  id: Generated<number>;
  key: string;
  phrase: string;
  user: number;
  date: string;
}

/** The admins' audit log: `before` and `after` hold JSON text of the fields that changed. */
export interface AuditTable {
  id: Generated<number>;
  actor: number;
  target: string;
  item: number;
  action: string;
  before: string;
  after: string;
  date: string;
}

/** One searchable item (src/server/modules/search). PostgreSQL adds a `vec` tsvector column;
 * SQLite keeps the tokens in its section's FTS5 table (`search_fts_<section>`) under the item's id. */
export interface SearchDocTable {
  id: Generated<number>;
  target: string;
  item: number;
  section: number;
  date: string;
  title: string;
  body: string;
  chosung: string;
}
