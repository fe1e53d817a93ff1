// app.js loads kubeplay.wasm and shows the core's version. It draws; it never
// decides: everything Kubeplay knows lives in the Go core.

const status = document.getElementById("status");
const progress = document.getElementById("progress");

function show(text, state = "info") {
  status.textContent = text;
  status.dataset.state = state;
}

// call invokes globalThis.kubeplay[name]; the Go side returns an Error object
// instead of throwing, so turn it back into a throw here.
export function call(name, ...args) {
  const result = globalThis.kubeplay[name](...args);
  if (result instanceof Error) throw result;
  return result;
}

function kib(bytes) {
  return `${Math.round(bytes / 1024).toLocaleString()} KiB`;
}

// countBytes passes a response body through, reporting the bytes seen.
function countBytes(body, total) {
  let loaded = 0;
  return body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      loaded += chunk.byteLength;
      if (total > 0) progress.value = Math.min(loaded / total, 1);
      show(`Loading the Kubeplay core… ${kib(loaded)}`);
      controller.enqueue(chunk);
    },
  }));
}

async function instantiate(url, importObject) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  // Content-Length counts compressed bytes when the server sends gzip or
  // brotli, while the stream yields decompressed ones: no percentage then.
  const encoded = response.headers.has("Content-Encoding");
  const total = encoded ? 0 : Number(response.headers.get("Content-Length")) || 0;
  progress.hidden = false;
  if (total > 0) progress.value = 0; else progress.removeAttribute("value");

  if (response.body && "instantiateStreaming" in WebAssembly) {
    const counted = new Response(countBytes(response.body, total), {
      headers: { "Content-Type": "application/wasm" },
    });
    return WebAssembly.instantiateStreaming(counted, importObject);
  }
  return WebAssembly.instantiate(await response.arrayBuffer(), importObject);
}

async function main() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    show("This browser cannot run WebAssembly, which Kubeplay needs. " +
      "Please use a current version of Firefox, Chrome, Edge or Safari.", "error");
    return;
  }
  if (typeof Go !== "function") {
    show("Could not load wasm_exec.js, the Go WebAssembly support script.", "error");
    return;
  }
  show("Loading the Kubeplay core…");
  const go = new Go();
  const { instance } = await instantiate("kubeplay.wasm", go.importObject);
  progress.hidden = true;
  // go.run resolves only when the Go program exits, which it never should.
  go.run(instance).then(
    () => show("The Kubeplay core stopped. Reload the page to restart it.", "error"),
    (err) => show(`The Kubeplay core crashed: ${err.message}`, "error"),
  );
  // main() has run up to its select{} by now, so the exports are in place.
  if (typeof globalThis.kubeplay !== "object") {
    throw new Error("the core did not export globalThis.kubeplay");
  }
  show(`Kubeplay core ${call("version")} loaded.`, "ok");
}

main().catch((err) => {
  progress.hidden = true;
  show(`Kubeplay failed to start: ${err.message}`, "error");
  console.error(err);
});
