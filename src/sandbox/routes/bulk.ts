import type { FastifyInstance } from "fastify";

export async function bulkRoutes(_app: FastifyInstance): Promise<void> {}
