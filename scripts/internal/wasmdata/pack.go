// Package wasmdata repacks the data section of a wasm module that Go's
// linker wrote.
//
// The linker starts a new data segment at every run of 8 or more zero
// bytes, up to 100,000 segments (cmd/link/internal/wasm, writeDataSec).
// Each segment costs a header (memory index, offset expression, length:
// 6 to 10 bytes) whose offsets and lengths brotli compresses badly, while
// a run of zeros left in a segment compresses to almost nothing. Pack
// rebuilds the memory image the segments describe and cuts it again only
// at runs of more than gap zero bytes. A fresh memory is all zeros, so the
// module starts with the same memory, byte for byte; Pack checks that
// before it returns.
package wasmdata

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/kubeplay/kubeplay/scripts/internal/wasmfile"
)

// DefaultGap is the gap scripts/build packs kubeplay.wasm with. Measured
// on the wasm of 2026-12-06 (brotli at the build's settings; README, "Size
// and speed"): unpacked 2,830,991 B; gap 32: 1,240 segments, 2,710,327 B;
// 64: 339, 2,706,556 B; 128: 189, 2,704,738 B; 512: 5, 2,704,192 B. Past
// 128 the zeros kept (46 KB more raw at 512) buy almost nothing.
const DefaultGap = 128

// Stats says what Pack did.
type Stats struct {
	SegmentsBefore, SegmentsAfter int
	BytesBefore, BytesAfter       int // the data section's size
}

// Pack returns module with its data segments cut at zero runs longer than
// gap bytes, every other section as it was. It supports what Go's linker
// emits: active segments of memory 0 with an i32.const offset; any other
// segment is an error, as is a module it cannot read.
func Pack(module []byte, gap int) ([]byte, Stats, error) {
	secs, err := wasmfile.Sections(module)
	if err != nil {
		return nil, Stats{}, err
	}
	data := wasmfile.Find(secs, wasmfile.SectionData)
	if data == nil {
		return module, Stats{}, nil
	}
	segs, err := segments(data.Body)
	if err != nil {
		return nil, Stats{}, fmt.Errorf("data section: %w", err)
	}
	base, image := memoryImage(segs)
	packed := cut(base, image, gap)
	body := encodeSegments(packed)

	var out bytes.Buffer
	out.Write(module[:8])
	for _, s := range secs {
		switch s.ID {
		case wasmfile.SectionData:
			writeSection(&out, wasmfile.SectionData, body)
		case wasmfile.SectionDataCount: // must equal the number of segments
			writeSection(&out, wasmfile.SectionDataCount, binary.AppendUvarint(nil, uint64(len(packed))))
		default:
			out.Write(module[s.Start:s.End])
		}
	}
	if err := sameMemory(segs, packed); err != nil {
		return nil, Stats{}, err
	}
	return out.Bytes(), Stats{
		SegmentsBefore: len(segs), SegmentsAfter: len(packed),
		BytesBefore: len(data.Body), BytesAfter: len(body),
	}, nil
}

// segment is an active data segment of memory 0.
type segment struct {
	offset uint32
	data   []byte
}

// segments reads a data section's segments.
func segments(body []byte) ([]segment, error) {
	r := wasmfile.NewReader(body)
	n := r.Uint()
	var segs []segment
	for i := 0; i < n && r.Err() == nil; i++ {
		switch flags := r.Uint(); {
		case flags == 2 && r.Uint() == 0: // active, memory index given: 0
		case flags == 0: // active, memory 0
		default:
			return nil, fmt.Errorf("segment %d is not an active segment of memory 0 (flags %d)", i, flags)
		}
		if op := r.Byte(); op != 0x41 {
			return nil, fmt.Errorf("segment %d: offset is not an i32.const (opcode %#x)", i, op)
		}
		offset := uint32(int32(r.Int()))
		if end := r.Byte(); end != 0x0b {
			return nil, fmt.Errorf("segment %d: offset expression does not end after i32.const", i)
		}
		size := r.Uint()
		if r.Err() != nil || size > r.Len() {
			return nil, fmt.Errorf("segment %d runs past the end of the section", i)
		}
		if uint64(offset)+uint64(size) > 1<<32 {
			return nil, fmt.Errorf("segment %d ends past 4 GiB", i)
		}
		segs = append(segs, segment{offset: offset, data: r.Bytes(size)})
	}
	if r.Err() != nil {
		return nil, r.Err()
	}
	if r.Len() != 0 {
		return nil, fmt.Errorf("%d bytes after the last segment", r.Len())
	}
	return segs, nil
}

// memoryImage returns the bytes the segments write, from the lowest
// address any of them writes (base). Segments are applied in order, so a
// later one wins where two overlap, as at instantiation.
func memoryImage(segs []segment) (base uint32, image []byte) {
	if len(segs) == 0 {
		return 0, nil
	}
	lo, hi := segs[0].offset, uint64(0)
	for _, s := range segs {
		lo = min(lo, s.offset)
		hi = max(hi, uint64(s.offset)+uint64(len(s.data)))
	}
	image = make([]byte, hi-uint64(lo))
	for _, s := range segs {
		copy(image[s.offset-lo:], s.data)
	}
	return lo, image
}

// cut splits image into segments that skip every run of more than gap
// zero bytes, and the zeros at either end.
func cut(base uint32, image []byte, gap int) []segment {
	var segs []segment
	i := 0
	for {
		for i < len(image) && image[i] == 0 {
			i++
		}
		if i == len(image) {
			return segs
		}
		start, end := i, i // end: just past the last non-zero byte so far
		for i < len(image) {
			if image[i] != 0 {
				i++
				end = i
				continue
			}
			z := i
			for i < len(image) && image[i] == 0 {
				i++
			}
			if i-z > gap || i == len(image) {
				break
			}
		}
		segs = append(segs, segment{offset: base + uint32(start), data: image[start:end]})
	}
}

// encodeSegments writes a data section's body as Go's linker does: flags
// 0, i32.const offset, end, then the bytes.
func encodeSegments(segs []segment) []byte {
	b := binary.AppendUvarint(nil, uint64(len(segs)))
	for _, s := range segs {
		b = append(b, 0, 0x41)
		b = appendSleb(b, int64(int32(s.offset)))
		b = append(b, 0x0b)
		b = binary.AppendUvarint(b, uint64(len(s.data)))
		b = append(b, s.data...)
	}
	return b
}

// sameMemory reports an error unless the two lists of segments leave a
// fresh (all-zero) memory with the same bytes.
func sameMemory(before, after []segment) error {
	b0, img0 := memoryImage(before)
	b1, img1 := memoryImage(after)
	// Trim the zeros at either end, which a fresh memory already holds.
	t0, t1 := bytes.TrimLeft(img0, "\x00"), bytes.TrimLeft(img1, "\x00")
	b0 += uint32(len(img0) - len(t0))
	b1 += uint32(len(img1) - len(t1))
	t0, t1 = bytes.TrimRight(t0, "\x00"), bytes.TrimRight(t1, "\x00")
	if len(t0) == 0 && len(t1) == 0 {
		return nil
	}
	if b0 != b1 || !bytes.Equal(t0, t1) {
		return errors.New("repacked segments would initialize memory differently (a bug in wasmdata)")
	}
	return nil
}

func writeSection(w *bytes.Buffer, id byte, body []byte) {
	w.WriteByte(id)
	w.Write(binary.AppendUvarint(nil, uint64(len(body))))
	w.Write(body)
}

// appendSleb appends v as a signed LEB128 number.
func appendSleb(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
