import { Hono } from 'hono';
import {
  BlockSchema,
  ConversationListQuerySchema,
  ConversationReadQuerySchema,
  ConversationStartSchema,
  MessageInputSchema,
} from '#shared/schemas/conversation.ts';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { bodyInput, queryInput } from '#server/http/envelope.ts';
import { member, pathId } from '#server/http/resource-routes.ts';
import {
  blockMember,
  leaveConversation,
  listBlocks,
  listConversations,
  markRead,
  readConversation,
  sendMessage,
  startConversation,
  unblockMember,
} from './message.service.ts';

/** /api/conversation: a member's private conversations and their messages. */
export function conversationRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) =>
    c.json({ code: 'ok', ...(await startConversation(deps, member(c), await bodyInput(c, ConversationStartSchema))) }),
  );
  app.get('/', async (c) =>
    c.json({ code: 'ok', ...(await listConversations(deps, member(c), queryInput(c, ConversationListQuerySchema))) }),
  );
  app.get('/:id', async (c) =>
    c.json({
      code: 'ok',
      ...(await readConversation(deps, member(c), pathId(c.req.param('id')), queryInput(c, ConversationReadQuerySchema))),
    }),
  );
  app.post('/:id/message', async (c) =>
    c.json({ code: 'ok', ...(await sendMessage(deps, member(c), pathId(c.req.param('id')), await bodyInput(c, MessageInputSchema))) }),
  );
  app.put('/:id/read', async (c) => c.json({ code: 'ok', ...(await markRead(deps, member(c), pathId(c.req.param('id')))) }));
  app.delete('/:id', async (c) => c.json({ code: 'ok', ...(await leaveConversation(deps, member(c), pathId(c.req.param('id')))) }));
  return app;
}

/** /api/block: the members I blocked. */
export function blockRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', async (c) => c.json({ code: 'ok', ...(await listBlocks(deps, member(c))) }));
  app.post('/', async (c) => c.json({ code: 'ok', ...(await blockMember(deps, member(c), await bodyInput(c, BlockSchema))) }));
  app.delete('/:user', async (c) => c.json({ code: 'ok', ...(await unblockMember(deps, member(c), pathId(c.req.param('user')))) }));
  return app;
}
