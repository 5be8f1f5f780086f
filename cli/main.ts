#!/usr/bin/env bun
/**
 * @module The `svc-cli` executable: runs one command against the real process streams
 * and sets the exit code. Everything else lives in run.ts so tests and MCP share it.
 * `serve` and `mcp` keep the process alive through their listeners after this returns.
 */
import { processIo } from './io.ts'
import { runCli } from './run.ts'

process.exitCode = await runCli(process.argv.slice(2), processIo())
