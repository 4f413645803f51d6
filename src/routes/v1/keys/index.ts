import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { invalidParameter, Problem } from '../../../domain/problems.js';
import { declareResponses } from '../../../http/declared-responses.js';
import { sendPage } from '../../../http/html-page.js';
import { clientGroup, hitOrNull } from '../../../http/edge-rules.js';
import { enforce } from '../../../http/rate-limit.js';
import { emailAddressProblem } from '../../../keys/email-address.js';
import { CONFIRMATION_TTL_HOURS } from '../../../keys/key-issuance.js';
import { confirmationFailedPage, issuedKeyPage } from '../../../keys/pages.js';
import { LIMITS } from '../../../ratelimit/policies.js';
import {
  IssuedKeySchema,
  KeyConfirmBodySchema,
  KeyRequestAcceptedSchema,
  KeyRequestBodySchema,
} from '../../../schemas/keys.js';

const tags = ['Keys'];
const ACCEPTED = {
  status: 'accepted' as const,
  detail: `If the address can receive mail, a confirmation link is on its way. It works once and expires in ${CONFIRMATION_TTL_HOURS} hours.`,
};

export const keyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { keyIssuance, rateLimits } = app.services;

  // The confirmation page's button posts an HTML form; JSON callers post JSON.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.post(
    '/requests',
    {
      config: { access: 'open', clientLimit: { name: 'key-requests', ...LIMITS.keyRequestsPerClient } },
      schema: {
        tags,
        operationId: 'requestKey',
        summary: 'Ask for a free API key: a confirmation link is e-mailed to the address',
        description: 'The answer is the same, in the same time, whether or not the address already has a key.',
        security: [],
        body: KeyRequestBodySchema,
        response: declareResponses(
          { status: 202, schema: KeyRequestAcceptedSchema, description: 'Accepted; the link is being sent' },
          [400, 429],
        ),
      },
    },
    async (request, reply) => {
      const problem = emailAddressProblem(request.body.email);
      if (problem) throw invalidParameter('email', problem);
      const email = request.body.email.trim();
      // Counted per address *and* client: someone else asking for your address cannot use up your requests.
      await enforce(
        request,
        reply,
        rateLimits,
        { name: 'key-requests-per-address', ...LIMITS.keyRequestsPerAddress },
        `address:${keyIssuance.emailHmac(email)}:client:${clientGroup(request.ip)}`,
        { advertise: false },
      );
      // Counted per recipient across clients too: past it nothing is mailed, and the answer says nothing of it.
      const recipient = LIMITS.confirmationMailsPerRecipient;
      const mails = await hitOrNull(
        request.log,
        rateLimits,
        { name: 'confirmation-mails', ...recipient },
        `recipient:${keyIssuance.emailHmac(email)}`,
      );
      if (mails && !mails.allowed)
        request.log.warn(
          { limit: recipient.limit, windowSeconds: recipient.windowSeconds },
          'confirmation mails to one address over their cap: this request is recorded, not mailed',
        );
      await keyIssuance.request(email, { mail: mails?.allowed ?? true });
      reply.code(202);
      return ACCEPTED;
    },
  );

  app.post(
    '/confirm',
    {
      config: { access: 'open', clientLimit: { name: 'confirmations', ...LIMITS.confirmationsPerClient } },
      schema: {
        tags,
        operationId: 'confirmKey',
        summary: 'Confirm a key request with the token from the e-mailed link; the key is returned once',
        description:
          "Revokes the address's earlier keys. A token works once. Also accepts the confirmation page's form post, answered with a page showing the key.",
        security: [],
        body: KeyConfirmBodySchema,
        response: declareResponses(
          { schema: IssuedKeySchema, description: 'The new key, shown this once' },
          [400, 429],
        ),
      },
    },
    async (request, reply) => {
      const fromForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      const issued = await keyIssuance.confirm(request.body.token);
      reply.header('cache-control', 'no-store');
      if (fromForm)
        return issued ? sendPage(reply, issuedKeyPage(issued)) : sendPage(reply, confirmationFailedPage(), 400);
      if (!issued)
        throw new Problem(
          'invalid-parameter',
          'The token is unknown, has been used, or has expired. Ask for a new link with POST /v1/keys/requests.',
          { invalidParams: [{ name: 'token', reason: 'unknown, used or expired' }] },
        );
      return issued;
    },
  );
};
