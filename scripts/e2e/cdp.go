package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"time"
)

// This file is a small client of the Chrome DevTools Protocol over a
// WebSocket, written against the standard library only: the browser is
// Debian's Chromium, started headless, and the protocol is JSON messages
// (https://chromedevtools.github.io/devtools-protocol/). Only what the
// end-to-end checks need is here: one page, commands, and the events
// that report console errors.

// Browser is a headless Chromium and a connection to one of its pages.
type Browser struct {
	cmd     *exec.Cmd
	dataDir string
	ws      *wsConn
	session string // the page's flat-mode session id

	mu      sync.Mutex
	nextID  int64
	waiting map[int64]chan cdpReply
	// Errors are the console errors and uncaught exceptions seen so far.
	Errors []string
	closed chan struct{}
}

type cdpReply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

type cdpMessage struct {
	ID        int64           `json:"id"`
	Method    string          `json:"method"`
	Params    json.RawMessage `json:"params"`
	SessionID string          `json:"sessionId"`
	cdpReply
}

// chromiumFlags are the flags the project's machines need: no sandbox (as
// root), no GPU, and nothing that reaches for the network.
var chromiumFlags = []string{
	"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
	"--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
	"--disable-default-apps", "--mute-audio", "--remote-debugging-port=0",
}

// FindChromium returns the Chromium binary: $CHROMIUM, or Debian's.
func FindChromium() (string, error) {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p, nil
	}
	for _, p := range []string{"/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", errors.New("chromium not found: install Debian's chromium package (apt-get install -y chromium) or set $CHROMIUM")
}

var devtoolsURL = regexp.MustCompile(`DevTools listening on (ws://\S+)`)

// Launch starts Chromium with a fresh profile and opens one page.
func Launch(ctx context.Context, bin string, width, height int) (*Browser, error) {
	dir, err := os.MkdirTemp("", "kubeplay-e2e-")
	if err != nil {
		return nil, err
	}
	args := append([]string{"--user-data-dir=" + dir, fmt.Sprintf("--window-size=%d,%d", width, height)}, chromiumFlags...)
	args = append(args, "about:blank")
	cmd := exec.Command(bin, args...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	b := &Browser{cmd: cmd, dataDir: dir, waiting: map[int64]chan cdpReply{}, closed: make(chan struct{})}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := devtoolsURL.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
		close(found)
	}()
	var wsURL string
	select {
	case u, ok := <-found:
		if !ok {
			b.Close()
			return nil, errors.New("chromium exited before it listened for DevTools")
		}
		wsURL = u
	case <-time.After(30 * time.Second):
		b.Close()
		return nil, errors.New("chromium did not start within 30s")
	}
	if b.ws, err = dialWS(wsURL); err != nil {
		b.Close()
		return nil, err
	}
	go b.readLoop()

	var target struct {
		TargetID string `json:"targetId"`
	}
	if err := b.call(ctx, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &target); err != nil {
		b.Close()
		return nil, err
	}
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached); err != nil {
		b.Close()
		return nil, err
	}
	b.session = attached.SessionID
	for _, m := range []string{"Page.enable", "Runtime.enable", "Log.enable"} {
		if err := b.Call(ctx, m, nil, nil); err != nil {
			b.Close()
			return nil, err
		}
	}
	if err := b.Call(ctx, "Emulation.setDeviceMetricsOverride", map[string]any{
		"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}, nil); err != nil {
		b.Close()
		return nil, err
	}
	return b, nil
}

// Close ends the browser and removes its profile.
func (b *Browser) Close() {
	if b.ws != nil {
		b.ws.Close()
	}
	if b.cmd.Process != nil {
		b.cmd.Process.Kill()
		b.cmd.Wait()
	}
	os.RemoveAll(b.dataDir)
}

// Call sends a command to the page and decodes its result into out.
func (b *Browser) Call(ctx context.Context, method string, params, out any) error {
	return b.call(ctx, b.session, method, params, out)
}

func (b *Browser) call(ctx context.Context, session, method string, params, out any) error {
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	ch := make(chan cdpReply, 1)
	b.waiting[id] = ch
	b.mu.Unlock()
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if session != "" {
		msg["sessionId"] = session
	}
	data, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	if err := b.ws.WriteText(data); err != nil {
		return err
	}
	select {
	case r := <-ch:
		if r.Error != nil {
			return fmt.Errorf("%s: %s", method, r.Error.Message)
		}
		if out != nil {
			return json.Unmarshal(r.Result, out)
		}
		return nil
	case <-b.closed:
		return fmt.Errorf("%s: the browser connection closed", method)
	case <-ctx.Done():
		return fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

func (b *Browser) readLoop() {
	defer close(b.closed)
	for {
		data, err := b.ws.ReadMessage()
		if err != nil {
			return
		}
		var m cdpMessage
		if json.Unmarshal(data, &m) != nil {
			continue
		}
		if m.ID != 0 {
			b.mu.Lock()
			ch := b.waiting[m.ID]
			delete(b.waiting, m.ID)
			b.mu.Unlock()
			if ch != nil {
				ch <- m.cdpReply
			}
			continue
		}
		b.event(m.Method, m.Params)
	}
}

// event records console errors and uncaught exceptions.
func (b *Browser) event(method string, params json.RawMessage) {
	var msg string
	switch method {
	case "Runtime.exceptionThrown":
		var p struct {
			ExceptionDetails struct {
				Text      string `json:"text"`
				Exception struct {
					Description string `json:"description"`
				} `json:"exception"`
			} `json:"exceptionDetails"`
		}
		json.Unmarshal(params, &p)
		msg = "exception: " + p.ExceptionDetails.Text + " " + p.ExceptionDetails.Exception.Description
	case "Runtime.consoleAPICalled":
		var p struct {
			Type string `json:"type"`
			Args []struct {
				Value       any    `json:"value"`
				Description string `json:"description"`
			} `json:"args"`
		}
		json.Unmarshal(params, &p)
		if p.Type != "error" && p.Type != "assert" {
			return
		}
		var parts []string
		for _, a := range p.Args {
			if a.Description != "" {
				parts = append(parts, a.Description)
			} else {
				parts = append(parts, fmt.Sprint(a.Value))
			}
		}
		msg = "console." + p.Type + ": " + strings.Join(parts, " ")
	case "Log.entryAdded":
		var p struct {
			Entry struct {
				Level string `json:"level"`
				Text  string `json:"text"`
				URL   string `json:"url"`
			} `json:"entry"`
		}
		json.Unmarshal(params, &p)
		if p.Entry.Level != "error" {
			return
		}
		msg = "log: " + p.Entry.Text + " " + p.Entry.URL
	default:
		return
	}
	b.mu.Lock()
	b.Errors = append(b.Errors, msg)
	b.mu.Unlock()
}

// ConsoleErrors returns the errors seen so far.
func (b *Browser) ConsoleErrors() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.Errors...)
}

// Navigate loads url in the page.
func (b *Browser) Navigate(ctx context.Context, url string) error {
	var r struct {
		ErrorText string `json:"errorText"`
	}
	if err := b.Call(ctx, "Page.navigate", map[string]any{"url": url}, &r); err != nil {
		return err
	}
	if r.ErrorText != "" {
		return fmt.Errorf("navigate %s: %s", url, r.ErrorText)
	}
	return nil
}

// Reload reloads the page.
func (b *Browser) Reload(ctx context.Context) error {
	return b.Call(ctx, "Page.reload", map[string]any{"ignoreCache": false}, nil)
}

// Eval evaluates a JavaScript expression in the page (awaiting a promise)
// and decodes its value into out.
func (b *Browser) Eval(ctx context.Context, expr string, out any) error {
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	err := b.Call(ctx, "Runtime.evaluate", map[string]any{
		"expression": expr, "returnByValue": true, "awaitPromise": true, "userGesture": true}, &r)
	if err != nil {
		return err
	}
	if e := r.ExceptionDetails; e != nil {
		return fmt.Errorf("%s: %s %s", expr, e.Text, e.Exception.Description)
	}
	if out != nil && len(r.Result.Value) > 0 {
		return json.Unmarshal(r.Result.Value, out)
	}
	return nil
}

// WaitFor evaluates a boolean expression until it is true.
func (b *Browser) WaitFor(ctx context.Context, expr string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	var last error
	for time.Now().Before(deadline) {
		var ok bool
		if last = b.Eval(ctx, "Boolean("+expr+")", &ok); last == nil && ok {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	if last != nil {
		return fmt.Errorf("waiting for %s: %v", expr, last)
	}
	return fmt.Errorf("waiting for %s: still false after %v", expr, timeout)
}

// Key presses a key with modifiers (1 Alt, 2 Ctrl, 4 Meta, 8 Shift) on
// the focused element, as a person would.
func (b *Browser) Key(ctx context.Context, key, code string, keyCode, modifiers int) error {
	for _, typ := range []string{"rawKeyDown", "keyUp"} {
		p := map[string]any{"type": typ, "key": key, "code": code, "windowsVirtualKeyCode": keyCode,
			"nativeVirtualKeyCode": keyCode, "modifiers": modifiers}
		if typ == "rawKeyDown" && modifiers&^8 == 0 {
			// Keys that type something (Enter submits a form) need their text.
			switch {
			case len(key) == 1:
				p["type"], p["text"] = "keyDown", key
			case key == "Enter":
				p["type"], p["text"], p["unmodifiedText"] = "keyDown", "\r", "\r"
			}
		}
		if err := b.Call(ctx, "Input.dispatchKeyEvent", p, nil); err != nil {
			return err
		}
	}
	return nil
}

// Type inserts text at the focused element, as typing would.
func (b *Browser) Type(ctx context.Context, text string) error {
	return b.Call(ctx, "Input.insertText", map[string]any{"text": text}, nil)
}

// Screenshot writes a PNG of the page to file.
func (b *Browser) Screenshot(ctx context.Context, file string) error {
	var r struct {
		Data string `json:"data"`
	}
	if err := b.Call(ctx, "Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": false}, &r); err != nil {
		return err
	}
	png, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil {
		return err
	}
	return os.WriteFile(file, png, 0o644)
}

// --- a minimal WebSocket client (RFC 6455): text frames out, masked;
// text, binary, continuation, ping and close frames in.

type wsConn struct {
	c  net.Conn
	r  *bufio.Reader
	mu sync.Mutex // writes
}

func dialWS(raw string) (*wsConn, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	c, err := net.DialTimeout("tcp", u.Host, 10*time.Second)
	if err != nil {
		return nil, err
	}
	keyBytes := make([]byte, 16)
	rand.Read(keyBytes)
	key := base64.StdEncoding.EncodeToString(keyBytes)
	req := "GET " + u.RequestURI() + " HTTP/1.1\r\nHost: " + u.Host + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Key: " + key + "\r\nSec-WebSocket-Version: 13\r\n\r\n"
	if _, err := io.WriteString(c, req); err != nil {
		c.Close()
		return nil, err
	}
	r := bufio.NewReaderSize(c, 1<<16)
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		c.Close()
		return nil, err
	}
	sum := sha1.Sum([]byte(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"))
	if resp.StatusCode != http.StatusSwitchingProtocols ||
		resp.Header.Get("Sec-WebSocket-Accept") != base64.StdEncoding.EncodeToString(sum[:]) {
		c.Close()
		return nil, fmt.Errorf("websocket handshake with %s: %s", raw, resp.Status)
	}
	return &wsConn{c: c, r: r}, nil
}

func (w *wsConn) Close() error { return w.c.Close() }

func (w *wsConn) WriteText(data []byte) error {
	return w.writeFrame(0x1, data)
}

func (w *wsConn) writeFrame(op byte, data []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	var hdr bytes.Buffer
	hdr.WriteByte(0x80 | op)
	n := len(data)
	switch {
	case n < 126:
		hdr.WriteByte(0x80 | byte(n))
	case n < 1<<16:
		hdr.WriteByte(0x80 | 126)
		binary.Write(&hdr, binary.BigEndian, uint16(n))
	default:
		hdr.WriteByte(0x80 | 127)
		binary.Write(&hdr, binary.BigEndian, uint64(n))
	}
	var mask [4]byte
	rand.Read(mask[:])
	hdr.Write(mask[:])
	masked := make([]byte, n)
	for i := range data {
		masked[i] = data[i] ^ mask[i%4]
	}
	if _, err := w.c.Write(append(hdr.Bytes(), masked...)); err != nil {
		return err
	}
	return nil
}

// ReadMessage returns the next text or binary message, answering pings.
func (w *wsConn) ReadMessage() ([]byte, error) {
	var msg []byte
	for {
		var h [2]byte
		if _, err := io.ReadFull(w.r, h[:]); err != nil {
			return nil, err
		}
		fin, op := h[0]&0x80 != 0, h[0]&0x0f
		n := uint64(h[1] & 0x7f)
		switch n {
		case 126:
			var x uint16
			if err := binary.Read(w.r, binary.BigEndian, &x); err != nil {
				return nil, err
			}
			n = uint64(x)
		case 127:
			if err := binary.Read(w.r, binary.BigEndian, &n); err != nil {
				return nil, err
			}
		}
		var mask [4]byte
		masked := h[1]&0x80 != 0
		if masked {
			if _, err := io.ReadFull(w.r, mask[:]); err != nil {
				return nil, err
			}
		}
		if n > 256<<20 {
			return nil, errors.New("websocket frame too large")
		}
		payload := make([]byte, n)
		if _, err := io.ReadFull(w.r, payload); err != nil {
			return nil, err
		}
		if masked {
			for i := range payload {
				payload[i] ^= mask[i%4]
			}
		}
		switch op {
		case 0x8: // close
			return nil, io.EOF
		case 0x9: // ping
			if err := w.writeFrame(0xA, payload); err != nil {
				return nil, err
			}
			continue
		case 0xA: // pong
			continue
		}
		msg = append(msg, payload...)
		if fin {
			return msg, nil
		}
	}
}
