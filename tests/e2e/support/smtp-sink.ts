// A tiny SMTP server that accepts every message and keeps it in memory, plus a small HTTP
// endpoint so the tests (which run in other processes) can read what arrived:
//   GET /messages            -> all messages, oldest first
//   GET /messages?to=a@b.in  -> messages to that address
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http'
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net'

export interface Mail {
  from: string
  to: string[]
  subject: string
  /** The decoded text of every text part, joined. */
  text: string
  raw: string
  receivedAt: string
}

function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = []
  const soft = input.replace(/=\r?\n/g, '')
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i]
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(c, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function splitHead(part: string): { headers: Record<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/)
  const head = at < 0 ? part : part.slice(0, at)
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '')
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body }
}

/**
 * RFC 2047 header words. The space between two adjacent encoded words is folding, not text (a long
 * Hindi subject is split inside a word, e.g. between a consonant and its vowel sign), and their bytes
 * are joined before decoding, since a split may fall inside a character.
 */
function decodeEncodedWords(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g
  const bytes = (enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64')
      : Buffer.from(decodeQuotedPrintable(data.replace(/_/g, ' ')), 'utf8')
  return value.replace(/(?:=\?[^?]+\?[BbQq]\?[^?]*\?=\s*)+/g, (run) => {
    const trailing = /\s*$/.exec(run)?.[0] ?? ''
    const parts = [...run.matchAll(word)].map((m) => bytes(m[2]!, m[3]!))
    return Buffer.concat(parts).toString('utf8') + trailing
  })
}

/** Text of a MIME entity: walks multiparts, decodes base64 and quoted-printable. */
function textOf(entity: string): string {
  const { headers, body } = splitHead(entity)
  const type = headers['content-type'] ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (/^multipart\//i.test(type) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => textOf(part.replace(/^\r?\n/, '')))
      .filter(Boolean)
      .join('\n')
  }
  if (!/^text\//i.test(type)) return ''
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body)
  return body
}

export function parseMail(raw: string, envelope: { from: string; to: string[] }): Mail {
  const { headers } = splitHead(raw)
  return {
    from: envelope.from,
    to: envelope.to,
    subject: decodeEncodedWords(headers['subject'] ?? ''),
    text: textOf(raw),
    raw,
    receivedAt: new Date().toISOString(),
  }
}

function serveSession(socket: Socket, store: Mail[]) {
  let buffer = ''
  let inData = false
  let from = ''
  let to: string[] = []
  const reply = (line: string) => socket.write(`${line}\r\n`)
  socket.setEncoding('utf8')
  reply('220 hometutor-e2e-sink ESMTP')
  socket.on('data', (chunk: string) => {
    buffer += chunk
    for (;;) {
      if (inData) {
        const end = buffer.search(/\r?\n\.\r?\n/)
        const startEnd = buffer.startsWith('.\r\n') ? 0 : -1
        if (end < 0 && startEnd < 0) return
        const cut = startEnd === 0 ? 0 : end
        const data = buffer.slice(0, cut)
        buffer = buffer.slice(cut).replace(/^\r?\n?\.\r?\n/, '')
        const raw = data.replace(/^\.\./gm, '.')
        store.push(parseMail(raw, { from, to }))
        inData = false
        from = ''
        to = []
        reply('250 2.0.0 Ok: queued')
        continue
      }
      const newline = buffer.indexOf('\n')
      if (newline < 0) return
      const line = buffer.slice(0, newline).replace(/\r$/, '')
      buffer = buffer.slice(newline + 1)
      const verb = line.slice(0, 4).toUpperCase()
      if (verb === 'EHLO')
        socket.write('250-hometutor-e2e-sink\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 SIZE 20971520\r\n')
      else if (verb === 'HELO') reply('250 hometutor-e2e-sink')
      else if (verb === 'MAIL') {
        from = /<([^>]*)>/.exec(line)?.[1] ?? ''
        reply('250 2.1.0 Ok')
      } else if (verb === 'RCPT') {
        to.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase())
        reply('250 2.1.5 Ok')
      } else if (verb === 'DATA') {
        inData = true
        reply('354 End data with <CR><LF>.<CR><LF>')
      } else if (verb === 'RSET') {
        from = ''
        to = []
        reply('250 2.0.0 Ok')
      } else if (verb === 'NOOP') reply('250 2.0.0 Ok')
      else if (verb === 'QUIT') {
        reply('221 2.0.0 Bye')
        socket.end()
        return
      } else if (verb === 'AUTH') reply('235 2.7.0 Authentication successful')
      else reply('502 5.5.2 Command not recognized')
    }
  })
  socket.on('error', () => socket.destroy())
}

export interface SmtpSink {
  smtpPort: number
  httpPort: number
  messages: Mail[]
  close: () => Promise<void>
}

function listen(server: Server | HttpServer): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))
  })
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: Mail[] = []
  const sockets = new Set<Socket>()
  const smtp = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    serveSession(socket, messages)
  })
  const http = createHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sink')
    if (url.pathname !== '/messages') {
      res.writeHead(404).end()
      return
    }
    const to = url.searchParams.get('to')?.toLowerCase()
    const list = to ? messages.filter((m) => m.to.includes(to)) : messages
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(list))
  })
  const [smtpPort, httpPort] = await Promise.all([listen(smtp), listen(http)])
  return {
    smtpPort,
    httpPort,
    messages,
    close: async () => {
      sockets.forEach((s) => s.destroy())
      await Promise.all([
        new Promise<void>((r) => smtp.close(() => r())),
        new Promise<void>((r) => http.close(() => r())),
      ])
    },
  }
}
