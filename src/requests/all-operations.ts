// Every operation that can run asynchronously, imported for its registerOperation() side effect, so
// API processes (acceptance) and workers (running) know the same list. Add one line per operation:
//   import "../taxpayers/validate-async.ts";
export {};
