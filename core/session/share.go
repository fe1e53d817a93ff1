package session

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/kubectl"
	"github.com/kubeplay/kubeplay/core/scenario"
	"golang.org/x/tools/txtar"
)

// LoadResult describes a loaded scenario.
type LoadResult struct {
	Title string `json:"title"`
	Doc   string `json:"doc"`
	// Lang is the language of Title and Doc: "en", the scenario's own,
	// unless Translated put a translation in.
	Lang string `json:"lang"`
	Seed uint64 `json:"seed"`
	// Files are the scenario's files (the page offers the first manifest
	// to the editor).
	Files []File `json:"files"`
	// Transcript is what each command of the script printed.
	Transcript []Output `json:"transcript"`
	Head       int64    `json:"head"`
	Cursor     int64    `json:"cursor"`
	// LessonRef names the lesson the session is in (OpenParsedLesson's
	// ref): after Decode, the lesson the link or saved state was taken
	// in, for the caller to open again over it with AttachLesson.
	LessonRef string `json:"lessonRef,omitempty"`
	// Draft is the editor's text the session carries (draft.go), "" if
	// the archive has none.
	Draft string `json:"draft,omitempty"`
}

// Load replaces the session with a scenario (a txtar archive: the script,
// then the files it names): a fresh cluster with the scenario's seed, its
// files, and its script run command by command into the log. The cursor is
// left at the end; Jump(0) and Tick replay it from the start.
//
// A script that does not parse changes nothing; its error lists each bad
// line. A command that fails while running (a node that does not exist)
// stops the script there, and the error names its line.
func (s *Session) Load(name string, data []byte) (*LoadResult, error) {
	sc, err := scenario.Parse(name, data)
	if err != nil {
		return nil, err
	}
	return s.load(sc, nil, -1)
}

// load runs a parsed scenario; maxWait gives the MaxWait of commands by
// script line (from a share link), cursor the tick to show (-1: the head).
func (s *Session) load(sc *scenario.Scenario, maxWait map[int]int64, cursor int64) (*LoadResult, error) {
	seed := cluster.DefaultSeed
	if sc.HasSeed {
		seed = sc.Seed
	}
	if err := s.reset(seed); err != nil {
		return nil, err
	}
	// The doc block is the scenario's own: "# kubeplay:" lines are ours.
	var doc []string
	for _, l := range strings.Split(sc.Doc, "\n") {
		if !strings.HasPrefix(l, "kubeplay:") {
			doc = append(doc, l)
		}
	}
	s.doc = strings.TrimSpace(strings.Join(doc, "\n"))
	s.title, _, _ = strings.Cut(s.doc, "\n")
	s.draft = "" // an archive without one has none: an example's manifest is not the last draft
	for _, f := range sc.Files {
		if f.Name == draftFile {
			s.draft = string(f.Data)
			continue
		}
		s.addFile(f.Name, string(f.Data))
	}
	var runErr error
	for _, c := range sc.Commands {
		if c.Kind == scenario.Seed {
			continue
		}
		e := fromCommand(c)
		e.Line = c.Text
		e.MaxWait = maxWait[c.Line]
		out := s.execLive(e, true)
		if (e.kind == entryImage || e.kind == entryNode) && out.Exit != 0 {
			runErr = &scenario.Error{File: sc.Name, Line: c.Line, Msg: strings.TrimSuffix(strings.TrimPrefix(out.Stderr, "error: "), "\n")}
			break
		}
	}
	if cursor >= 0 && cursor < s.Head() {
		s.cursor = cursor
	}
	return &LoadResult{
		Title: s.title, Doc: s.doc, Lang: "en", Seed: s.seed, Files: s.Files(),
		Transcript: s.Transcript(), Head: s.Head(), Cursor: s.cursor, Draft: s.draft,
	}, runErr
}

// Translated puts the description in another language (an example's
// from scenario.LocalDoc, a lesson's from its translation): what the page
// shows. The session's doc stays the scenario's own.
func (r *LoadResult) Translated(doc, lang string) {
	r.Doc, r.Lang = doc, lang
	r.Title, _, _ = strings.Cut(doc, "\n")
}

// sharePrefix starts every encoded state; the digit is the format version.
const sharePrefix = "k1."

// maxShareBytes bounds a decoded state (the archive before compression).
const maxShareBytes = 2 << 20

// Script returns the session as a scenario archive: the seed, the log as
// script lines and the files they name, with the cursor in a
// "# kubeplay: cursor=N" comment. `go run ./scripts/play` runs it.
func (s *Session) Script() []byte {
	var b strings.Builder
	if s.doc != "" {
		for _, l := range strings.Split(s.doc, "\n") {
			b.WriteString(strings.TrimRight("# "+l, " ") + "\n")
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "seed %d\n", s.seed)
	fmt.Fprintf(&b, "# kubeplay: cursor=%d\n", s.cursor)
	if s.lesson != nil && s.lessonRef != "" {
		fmt.Fprintf(&b, "# kubeplay: lesson=%s\n", s.lessonRef)
	}
	used := map[string]bool{}
	for _, e := range s.log {
		if e.MaxWait > 0 {
			fmt.Fprintf(&b, "# kubeplay: maxwait=%d\n", e.MaxWait)
		}
		b.WriteString(e.Line + "\n")
		if e.kind == entryKubectl {
			if words, err := kubectl.ParseCommandLine(e.Line); err == nil {
				for _, f := range fileArgs(words) {
					used[f] = true
				}
			}
		}
	}
	a := &txtar.Archive{Comment: []byte(b.String())}
	for _, n := range s.fileOrder {
		if strings.HasPrefix(n, "editor-") && !used[n] {
			continue // applied only in a discarded future
		}
		text := s.files[n]
		if text != "" && !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		a.Files = append(a.Files, txtar.File{Name: n, Data: []byte(text)})
	}
	if s.draft != "" {
		text := s.draft
		if !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		a.Files = append(a.Files, txtar.File{Name: draftFile, Data: []byte(text)})
	}
	return txtar.Format(a)
}

// fileArgs returns the -f/--filename values of a kubectl command line.
func fileArgs(words []string) []string {
	var out []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "--":
			return out
		case (w == "-f" || w == "--filename") && i+1 < len(words):
			out = append(out, strings.Split(words[i+1], ",")...)
			i++
		case strings.HasPrefix(w, "--filename="):
			out = append(out, strings.Split(strings.TrimPrefix(w, "--filename="), ",")...)
		case strings.HasPrefix(w, "-f=") || strings.HasPrefix(w, "-f") && len(w) > 2 && w[2] != '-':
			out = append(out, strings.Split(strings.TrimPrefix(strings.TrimPrefix(w, "-f"), "="), ",")...)
		}
	}
	return out
}

// Encode returns the session as a compact string for a share link (a URL
// fragment): the Script archive, deflated and base64url-encoded. Decode on
// any session rebuilds the same cluster at the same tick.
func (s *Session) Encode() string {
	var buf bytes.Buffer
	zw, _ := flate.NewWriter(&buf, flate.BestCompression)
	zw.Write(s.Script())
	zw.Close()
	return sharePrefix + base64.RawURLEncoding.EncodeToString(buf.Bytes())
}

// Decode replaces the session with an encoded one (see Encode), replaying
// its log; the transcript and view are then as they were.
func (s *Session) Decode(state string) (*LoadResult, error) {
	data, err := decodeState(state)
	if err != nil {
		return nil, err
	}
	return s.LoadScript(data)
}

// LoadScript is Load for a Script archive: it honours the
// "# kubeplay:" comments (the cursor, and the waits of commands cut short).
func (s *Session) LoadScript(data []byte) (*LoadResult, error) {
	sc, err := scenario.Parse("session.txtar", data)
	if err != nil {
		return nil, err
	}
	cursor, maxWait, ref := directives(data)
	r, err := s.load(sc, maxWait, cursor)
	if r != nil {
		r.LessonRef = ref
	}
	return r, err
}

func decodeState(state string) ([]byte, error) {
	state = strings.TrimPrefix(strings.TrimSpace(state), "#")
	rest, ok := strings.CutPrefix(state, sharePrefix)
	if !ok {
		return nil, errors.New("not a Kubeplay link (it should start with \"" + sharePrefix + "\")")
	}
	z, err := base64.RawURLEncoding.DecodeString(rest)
	if err != nil {
		return nil, fmt.Errorf("the link is damaged: %v", err)
	}
	data, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(z)), maxShareBytes+1))
	if err != nil {
		return nil, fmt.Errorf("the link is damaged: %v", err)
	}
	if len(data) > maxShareBytes {
		return nil, errors.New("the link's session is too large")
	}
	return data, nil
}

// directives reads the "# kubeplay:" comments of a Script archive: the
// cursor, and each maxwait, which belongs to the next command line.
func directives(data []byte) (cursor int64, maxWait map[int]int64, lessonRef string) {
	cursor, maxWait = -1, map[int]int64{}
	a := txtar.Parse(data)
	pending := int64(0)
	for i, line := range strings.Split(string(a.Comment), "\n") {
		line = strings.TrimSpace(line)
		if d, ok := strings.CutPrefix(line, "# kubeplay:"); ok {
			k, v, _ := strings.Cut(strings.TrimSpace(d), "=")
			if k == "lesson" {
				lessonRef = v
				continue
			}
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 0 {
				continue
			}
			switch k {
			case "cursor":
				cursor = n
			case "maxwait":
				pending = n
			}
			continue
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if pending > 0 {
			maxWait[i+1] = pending
			pending = 0
		}
	}
	return cursor, maxWait, lessonRef
}
