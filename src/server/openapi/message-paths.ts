import { ConversationTargets, MESSAGES_PAGE } from '#shared/conversations.ts';
import { ScamWarnings } from '#shared/scam-warnings.ts';
import {
  BlockSchema,
  ConversationListQuerySchema,
  ConversationReadQuerySchema,
  ConversationStartSchema,
  MessageInputSchema,
} from '#shared/schemas/conversation.ts';
import { positiveId } from '#shared/schemas/fields.ts';
import { type Obj, type Schema, integer, okWith, pathParameter, queryParameters, ref, text, toSchema } from './json-schema.ts';
import { op } from './operation.ts';

/** /api/conversation and /api/block (PRODUCT.md "Messages"): private conversations. */
export function messagePaths(): Record<string, Obj> {
  const tag = 'conversation';
  const member: Schema = {
    type: 'object',
    properties: { id: integer, nickname: { ...text, description: '탈퇴한 회원 when the account is gone.' } },
  };
  const head = {
    id: integer,
    other: member,
    target: { type: 'string' as const, enum: ['', ...ConversationTargets], description: "'' for a direct conversation." },
    item: { ...integer, description: '0 for a direct conversation.' },
    title: { ...text, description: "The item's title now; '' for none or an item that is gone." },
  };
  const warnings: Schema = { type: 'array', items: { type: 'string', enum: [...ScamWarnings] } };
  const message: Schema = {
    type: 'object',
    properties: {
      id: integer,
      user: integer,
      content: { ...text, description: 'Plain text as typed: escape it.' },
      date: text,
      warnings: { ...warnings, description: 'The cautions its text earns, as the send answer names them.' },
    },
  };
  const entry: Schema = {
    type: 'object',
    properties: {
      ...head,
      last: { anyOf: [{ type: 'object', properties: { content: text, date: text, user: integer } }, { type: 'null' }] },
      unread: { ...integer, description: "The other member's messages I have not read." },
    },
  };
  const id = [pathParameter('id', toSchema(positiveId))];
  const onlyMembers = 'Its two members only: everyone else, admins included, gets 404.';
  return {
    '/api/conversation': {
      post: op({
        tag,
        id: 'conversationStart',
        summary: 'Start (or find) a conversation about an item with its author, or with a member',
        description:
          'The same two members and item (or none) always answer the same id, whoever starts it. Myself or my own item: 400. ' +
          'A missing, hidden or deleted item (market posts only for `board`): 404. Someone who blocked me: 403 `blocked`. ' +
          "A new conversation counts against the write limits (a new account's first day has a smaller budget).",
        session: true,
        body: toSchema(ConversationStartSchema),
        answer: okWith({ id: integer }),
        errors: [403, 404, 429],
      }),
      get: op({
        tag,
        id: 'conversationList',
        summary: 'My conversations, newest activity first, with unread counts',
        description: 'A conversation I left is not listed until a new message comes.',
        session: true,
        parameters: queryParameters(ConversationListQuerySchema),
        answer: {
          allOf: [
            ref('List'),
            {
              type: 'object',
              properties: {
                items: { type: 'array', items: entry },
                unread: { ...integer, description: 'Unread messages in all my conversations.' },
              },
            },
          ],
        },
      }),
    },
    '/api/conversation/{id}': {
      get: op({
        tag,
        id: 'conversationRead',
        summary: `A conversation and its newest ${MESSAGES_PAGE} messages, oldest first`,
        description: `${onlyMembers} \`before\` (a message id) pages back; \`more\` says older ones exist. Reading does not mark it read.`,
        session: true,
        parameters: [...id, ...queryParameters(ConversationReadQuerySchema)],
        answer: okWith({
          item: { type: 'object', properties: head },
          messages: { type: 'array', items: message },
          more: { type: 'boolean' },
        }),
        errors: [404],
      }),
      delete: op({
        tag,
        id: 'conversationLeave',
        summary: 'Leave a conversation: off my list (and read) until a new message comes',
        description: `${onlyMembers} The other member keeps it.`,
        session: true,
        parameters: id,
        answer: okWith({ id: integer }),
        errors: [404],
      }),
    },
    '/api/conversation/{id}/message': {
      post: op({
        tag,
        id: 'messageSend',
        summary: 'Write a message (1-2,000 characters after trimming)',
        description:
          `${onlyMembers} A member the other blocked: 403 \`blocked\`. \`warnings\` names text that scams use ` +
          `(${ScamWarnings.join(', ')}); both members are shown a Korean caution. Counts against the write limits.`,
        session: true,
        parameters: id,
        body: toSchema(MessageInputSchema),
        answer: okWith({ id: integer, date: text, warnings }),
        errors: [403, 404, 429],
      }),
    },
    '/api/conversation/{id}/read': {
      put: op({
        tag,
        id: 'conversationMarkRead',
        summary: 'Mark a conversation read; answers my unread messages in all',
        session: true,
        parameters: id,
        answer: okWith({ unread: integer }),
        errors: [404],
      }),
    },
    '/api/block': {
      get: op({
        tag,
        id: 'blockList',
        summary: 'The members I blocked, newest first',
        session: true,
        answer: okWith({ items: { type: 'array', items: { type: 'object', properties: { id: integer, nickname: text, date: text } } } }),
      }),
      post: op({
        tag,
        id: 'blockAdd',
        summary: 'Block a member: they can no longer start a conversation with me or write to me',
        session: true,
        body: toSchema(BlockSchema),
        answer: okWith({ user: integer }),
        errors: [404],
      }),
    },
    '/api/block/{user}': {
      delete: op({
        tag,
        id: 'blockRemove',
        summary: 'Unblock a member',
        session: true,
        parameters: [pathParameter('user', toSchema(positiveId))],
        answer: okWith({ user: integer }),
      }),
    },
  };
}
