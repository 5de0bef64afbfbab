import type { FastifyInstance } from "fastify";

export async function geoLeadRoutes(_app: FastifyInstance): Promise<void> {}
