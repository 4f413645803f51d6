import type { FastifyReply } from 'fastify';
import { PAGE_SECURITY_HEADERS } from '../keys/pages.js';

/**
 * Sends one of the key confirmation pages: HTML for a browser, outside the route's JSON
 * schemas (so it takes a plain reply), with the pages' security headers.
 */
export function sendPage(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply.headers(PAGE_SECURITY_HEADERS).type('text/html; charset=utf-8').code(status).send(html);
}
