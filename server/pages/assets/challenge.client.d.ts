// The script is imported as text (`with { type: "text" }`), never executed on the server.
declare const source: string
export default source
