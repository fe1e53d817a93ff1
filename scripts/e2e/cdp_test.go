package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"net"
	"strings"
	"testing"
)

// serverFrame writes an unmasked server frame, as Chromium sends them.
func serverFrame(w io.Writer, fin bool, op byte, payload []byte) {
	b0 := op
	if fin {
		b0 |= 0x80
	}
	var hdr bytes.Buffer
	hdr.WriteByte(b0)
	switch n := len(payload); {
	case n < 126:
		hdr.WriteByte(byte(n))
	case n < 1<<16:
		hdr.WriteByte(126)
		binary.Write(&hdr, binary.BigEndian, uint16(n))
	default:
		hdr.WriteByte(127)
		binary.Write(&hdr, binary.BigEndian, uint64(n))
	}
	w.Write(append(hdr.Bytes(), payload...))
}

// readClientFrame reads one masked client frame and unmasks it.
func readClientFrame(t *testing.T, r io.Reader) (byte, []byte) {
	t.Helper()
	var h [2]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		t.Fatal(err)
	}
	if h[1]&0x80 == 0 {
		t.Fatal("client frame is not masked")
	}
	n := uint64(h[1] & 0x7f)
	switch n {
	case 126:
		var x uint16
		binary.Read(r, binary.BigEndian, &x)
		n = uint64(x)
	case 127:
		binary.Read(r, binary.BigEndian, &n)
	}
	var mask [4]byte
	io.ReadFull(r, mask[:])
	p := make([]byte, n)
	io.ReadFull(r, p)
	for i := range p {
		p[i] ^= mask[i%4]
	}
	return h[0] & 0x0f, p
}

func TestWebSocketFrames(t *testing.T) {
	client, server := net.Pipe()
	defer client.Close()
	defer server.Close()
	ws := &wsConn{c: client, r: bufio.NewReader(client)}

	big := []byte(strings.Repeat("x", 70000)) // a 64-bit length
	go func() {
		serverFrame(server, true, 0x9, []byte("ping")) // answered, not returned
		serverFrame(server, false, 0x1, []byte(`{"id":`))
		serverFrame(server, true, 0x0, []byte(`1}`)) // continuation
		serverFrame(server, true, 0x1, big)
	}()
	// The ping's pong comes first.
	done := make(chan struct{})
	go func() {
		defer close(done)
		op, p := readClientFrame(t, server)
		if op != 0xA || string(p) != "ping" {
			t.Errorf("pong: op %x payload %q", op, p)
		}
	}()
	msg, err := ws.ReadMessage()
	if err != nil || string(msg) != `{"id":1}` {
		t.Fatalf("fragmented message %q, %v", msg, err)
	}
	<-done
	if msg, err = ws.ReadMessage(); err != nil || !bytes.Equal(msg, big) {
		t.Fatalf("large message: %d bytes, %v", len(msg), err)
	}

	for _, n := range []int{5, 300, 70000} {
		payload := bytes.Repeat([]byte("k"), n)
		go ws.WriteText(payload)
		op, p := readClientFrame(t, server)
		if op != 0x1 || !bytes.Equal(p, payload) {
			t.Errorf("write %d bytes: op %x, %d bytes back", n, op, len(p))
		}
	}

	go serverFrame(server, true, 0x8, nil)
	if _, err := ws.ReadMessage(); err != io.EOF {
		t.Errorf("close frame: %v, want EOF", err)
	}
}

func TestJSQuote(t *testing.T) {
	if got := js("a\"b\\c\nd"); got != `"a\"b\\c\nd"` {
		t.Errorf("js = %s", got)
	}
}
