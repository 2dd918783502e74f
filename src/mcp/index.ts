/*
 * The MCP face (issue 47): hoplens as a Model Context Protocol server, for assistants. `buildMcpServer` makes the
 * server with its tools and resources and never listens; the transports sit at the edge (`hoplens mcp` connects
 * it to standard input and output). Each tool is a thin call into the rooms the CLI and the service use.
 */

export { MCP_LIMITS } from './limits.js';
export { buildMcpServer, type McpDeps } from './server.js';
