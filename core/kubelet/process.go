package kubelet

import (
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

// This file is the simulated container's process: what a real container
// would do with its command. Nothing here models upstream Kubernetes code;
// it stands in for the program inside the image, so that the kubelet
// around it sees the exits, files and listening ports a real one would.
//
// A server image with no command (nginx, httpd, redis) listens on its
// ports until stopped. A shell image with no command (busybox, alpine)
// runs `sh`, which exits at once: a bare busybox pod completes and,
// restarted, crash-loops, as on a real cluster. A command is read as a
// small shell script: `sleep N` takes N seconds, `touch F` and
// `echo … > F` create F, `rm F` removes it, `exit N` ends with N,
// `while true; do …; done`, `sleep infinity` and `tail -f /dev/null` run
// forever, `until nslookup SVC; do …; done` waits for the Service SVC to
// exist, and running the image's server (`nginx -g 'daemon off;'`) listens
// forever. Anything else takes no time and succeeds.

type stepKind int

const (
	stepSleep   stepKind = iota // wait d
	stepTouch                   // create file
	stepRemove                  // remove file
	stepExit                    // exit with code
	stepForever                 // run until stopped
	stepServe                   // become the image's server: listen, run until stopped
	stepWaitSvc                 // poll until a Service exists, every d
	stepStatus                  // a command that sets $? without taking time
)

type step struct {
	kind stepKind
	d    time.Duration
	arg  string
	code int32
}

// process is one running instance of a container's program.
type process struct {
	steps     []step
	pc        int
	at        time.Time // when steps[pc] began
	polled    time.Time // when a wait loop last asked
	files     map[string]bool
	status    int32 // $? of the last command
	listening bool
	exited    bool
	exitCode  int32
	exitAt    time.Time
}

// newProcess starts a container's program at start.
func newProcess(c *api.Container, img *images.Image, b images.Behavior, start time.Time) *process {
	p := &process{at: start, files: map[string]bool{}}
	for _, f := range img.Files {
		p.files[f] = true
	}
	for _, f := range []string{"/etc/hostname", "/etc/hosts", "/etc/resolv.conf", "/etc/passwd", "/dev/termination-log"} {
		p.files[f] = true
	}
	p.steps = programFor(c, img)
	if missingRequiredEnv(c, img) {
		p.steps = []step{{kind: stepExit, code: 1}}
	}
	if b.CrashAfter > 0 {
		code := b.ExitCode
		if code == 0 {
			code = 1
		}
		// The program runs as usual until the crash.
		p.steps = append(truncateAt(p.steps, b.CrashAfter), step{kind: stepExit, code: code})
	}
	return p
}

func missingRequiredEnv(c *api.Container, img *images.Image) bool {
	for _, name := range img.RequiredEnv {
		found := false
		for _, e := range c.Env {
			if e.Name == name && (e.Value != "" || e.ValueFrom != nil) {
				found = true
			}
		}
		if !found {
			return true
		}
	}
	return false
}

// truncateAt keeps the steps of a program that begin within d, cutting a
// sleep or a forever step so that the program is at d when it ends.
func truncateAt(steps []step, d time.Duration) []step {
	var out []step
	var t time.Duration
	for _, s := range steps {
		switch s.kind {
		case stepSleep:
			if t+s.d >= d {
				return append(out, step{kind: stepSleep, d: d - t})
			}
			t += s.d
			out = append(out, s)
		case stepForever, stepServe, stepWaitSvc:
			if s.kind == stepServe {
				out = append(out, step{kind: stepServe, d: d - t})
			} else {
				out = append(out, step{kind: stepSleep, d: d - t})
			}
			return out
		case stepExit:
			return append(out, step{kind: stepSleep, d: d - t})
		default:
			out = append(out, s)
		}
	}
	return append(out, step{kind: stepSleep, d: d - t})
}

// advance runs the program up to now. svcExists answers `nslookup NAME`.
func (p *process) advance(now time.Time, svcExists func(string) bool) {
	for !p.exited {
		if p.pc >= len(p.steps) {
			p.exit(p.at, p.status)
			return
		}
		s := p.steps[p.pc]
		switch s.kind {
		case stepSleep:
			end := p.at.Add(s.d)
			if end.After(now) {
				return
			}
			p.at = end
			p.status = 0
		case stepServe:
			p.listening = true
			if s.d == 0 { // forever
				return
			}
			end := p.at.Add(s.d)
			if end.After(now) {
				return
			}
			p.at = end
		case stepForever:
			return
		case stepWaitSvc:
			found := false
			if !p.polled.Equal(p.at) { // ask once per poll
				p.polled = p.at
				found = svcExists(s.arg)
			}
			if !found {
				// The loop body sleeps, then asks again.
				next := p.at.Add(s.d)
				if next.After(now) {
					return
				}
				p.at = next
				continue
			}
			p.status = 0
		case stepTouch:
			p.files[s.arg] = true
			p.status = 0
		case stepRemove:
			delete(p.files, s.arg)
			p.status = 0
		case stepStatus:
			p.status = s.code
		case stepExit:
			p.exit(p.at, s.code)
			return
		}
		p.pc++
	}
}

func (p *process) exit(at time.Time, code int32) {
	p.exited, p.exitAt, p.exitCode, p.listening = true, at, code, false
}

// nextChange is when advance could next change something (an exit, a file,
// starting to listen), if ever.
func (p *process) nextChange() (time.Time, bool) {
	if p.exited || p.pc >= len(p.steps) {
		return p.at, !p.exited
	}
	s := p.steps[p.pc]
	switch s.kind {
	case stepSleep, stepWaitSvc:
		return p.at.Add(s.d), true
	case stepServe:
		if s.d == 0 {
			return time.Time{}, false
		}
		return p.at.Add(s.d), true
	case stepForever:
		return time.Time{}, false
	}
	return p.at, true
}

// hasFile reports whether the container's filesystem holds name.
func (p *process) hasFile(name string) bool { return p.files[path.Clean(name)] }

// ---------------------------------------------------------------- parsing

var shells = map[string]bool{"sh": true, "bash": true, "ash": true, "dash": true, "zsh": true}

// serverCommands are the programs the catalogue's server images run.
var serverCommands = map[string]bool{
	"nginx": true, "httpd-foreground": true, "httpd": true, "redis-server": true, "apache2-foreground": true,
	"agnhost": true, "http-echo": true, "echoserver": true, "hello-app": true, "postgres": true, "mysqld": true,
	"docker-entrypoint.sh": true, "pause": true,
}

// argvFor is the container's effective argv: command+args, or the image's
// entrypoint (which the catalogue's images pass through) with args, or nil
// for the image's default command.
func argvFor(c *api.Container) []string {
	if len(c.Command) > 0 {
		return append(append([]string{}, c.Command...), c.Args...)
	}
	return c.Args
}

// programFor turns a container's command into steps.
func programFor(c *api.Container, img *images.Image) []step {
	argv := argvFor(c)
	if len(argv) == 0 {
		switch img.Process {
		case images.Server, images.Sleeper:
			return []step{{kind: stepServe}}
		}
		return nil // sh with no input: exits 0 at once
	}
	if argv[0] == "docker-entrypoint.sh" || argv[0] == "/docker-entrypoint.sh" {
		argv = argv[1:]
		if len(argv) == 0 {
			return []step{{kind: stepServe}}
		}
	}
	if shells[path.Base(argv[0])] {
		for i := 1; i < len(argv); i++ {
			if argv[i] == "-c" && i+1 < len(argv) {
				return parseScript(argv[i+1], img)
			}
			if !strings.HasPrefix(argv[i], "-") {
				return nil // sh script.sh: the script is not in the image
			}
		}
		return nil
	}
	return parseStatements([][]string{argv}, img)
}

// parseScript reads an `sh -c` script.
func parseScript(script string, img *images.Image) []step {
	return parseStatements(splitStatements(script), img)
}

// splitStatements splits a script into statements (lists of words) at
// unquoted `;`, `&&`, `||`, `|`, `&` and newlines, honouring quotes.
func splitStatements(script string) [][]string {
	var stmts [][]string
	var words []string
	var cur strings.Builder
	inWord := false
	flushWord := func() {
		if inWord {
			words = append(words, cur.String())
			cur.Reset()
			inWord = false
		}
	}
	flushStmt := func() {
		flushWord()
		if len(words) > 0 {
			stmts = append(stmts, words)
			words = nil
		}
	}
	var quote byte
	for i := 0; i < len(script); i++ {
		ch := script[i]
		if quote != 0 {
			if ch == quote {
				quote = 0
			} else {
				cur.WriteByte(ch)
			}
			continue
		}
		switch ch {
		case '\'', '"':
			quote = ch
			inWord = true
		case ' ', '\t':
			flushWord()
		case ';', '\n', '&', '|':
			flushStmt()
			if i+1 < len(script) && (script[i+1] == '&' || script[i+1] == '|') && ch != ';' && ch != '\n' {
				i++
			}
		case '>':
			// A redirection: "echo x > f" creates f; keep ">" as a word.
			flushWord()
			if i+1 < len(script) && script[i+1] == '>' {
				i++
			}
			words = append(words, ">")
		case '\\':
			if i+1 < len(script) {
				i++
				cur.WriteByte(script[i])
				inWord = true
			}
		default:
			cur.WriteByte(ch)
			inWord = true
		}
	}
	flushStmt()
	return stmts
}

// parseStatements turns statements into steps, folding loops.
func parseStatements(stmts [][]string, img *images.Image) []step {
	var steps []step
	for i := 0; i < len(stmts); i++ {
		w := stmts[i]
		switch w[0] {
		case "while", "until", "for":
			end := matchingDone(stmts, i)
			body := loopBody(stmts[i:end])
			steps = append(steps, loopSteps(w, body, img)...)
			if end >= len(stmts) {
				return steps
			}
			i = end
			continue
		case "do", "then", "else", "fi", "if", "done", "{", "}":
			if len(w) > 1 {
				steps = append(steps, commandSteps(w[1:], img)...)
			}
			continue
		}
		steps = append(steps, commandSteps(w, img)...)
		if n := len(steps); n > 0 && (steps[n-1].kind == stepForever || steps[n-1].kind == stepServe || steps[n-1].kind == stepExit) {
			return steps
		}
	}
	return steps
}

// matchingDone returns the index of the statement ending the loop that
// starts at i (the statement whose first or last word is "done").
func matchingDone(stmts [][]string, i int) int {
	depth := 0
	for j := i; j < len(stmts); j++ {
		for _, w := range stmts[j] {
			switch w {
			case "while", "until", "for":
				depth++
			case "done":
				depth--
				if depth == 0 {
					return j
				}
			}
		}
	}
	return len(stmts)
}

// loopBody returns the statements between "do" and "done".
func loopBody(stmts [][]string) [][]string {
	var body [][]string
	in := false
	for _, s := range stmts {
		if !in {
			for k, w := range s {
				if w == "do" {
					in = true
					if k+1 < len(s) {
						body = append(body, s[k+1:])
					}
					break
				}
			}
			continue
		}
		if s[0] == "done" {
			break
		}
		body = append(body, s)
	}
	return body
}

// loopSteps reads a loop: an endless one runs forever; `until nslookup X`
// waits for the Service X; anything else runs its body once.
func loopSteps(head []string, body [][]string, img *images.Image) []step {
	var cond []string
	for _, w := range head[1:] {
		if w == "do" {
			break
		}
		cond = append(cond, w)
	}
	period := time.Duration(0)
	for _, s := range parseStatements(body, img) {
		if s.kind == stepSleep {
			period += s.d
		}
	}
	if period == 0 {
		period = time.Second
	}
	switch head[0] {
	case "while":
		if len(cond) == 0 || cond[0] == "true" || cond[0] == ":" || cond[0] == "sleep" || cond[0] == "[" && len(cond) > 1 && cond[1] == "1" {
			return []step{{kind: stepForever}}
		}
	case "until":
		if len(cond) >= 2 {
			switch path.Base(cond[0]) {
			case "nslookup", "getent", "host", "dig", "ping", "wget", "curl", "nc":
				return []step{{kind: stepWaitSvc, arg: serviceHost(cond), d: period}}
			}
		}
		if len(cond) > 0 && cond[0] == "false" {
			return []step{{kind: stepForever}}
		}
	}
	return parseStatements(body, img)
}

// serviceHost finds the host name a wait loop asks about.
func serviceHost(cond []string) string {
	for _, w := range cond[1:] {
		if strings.HasPrefix(w, "-") || w == "hosts" {
			continue
		}
		w = strings.TrimPrefix(strings.TrimPrefix(w, "http://"), "https://")
		if i := strings.IndexAny(w, ":/"); i >= 0 {
			w = w[:i]
		}
		return w
	}
	return ""
}

// commandSteps reads one simple command.
func commandSteps(w []string, img *images.Image) []step {
	if w[0] == "exec" && len(w) > 1 {
		w = w[1:]
	}
	var out []step
	// Redirections create their target.
	for k := 0; k+1 < len(w); k++ {
		if w[k] == ">" {
			out = append(out, step{kind: stepTouch, arg: path.Clean(w[k+1])})
		}
	}
	cmd := path.Base(w[0])
	switch {
	case cmd == "sleep":
		if len(w) > 1 && (w[1] == "infinity" || w[1] == "inf") {
			return append(out, step{kind: stepForever})
		}
		if len(w) > 1 {
			if d, ok := parseSleep(w[1]); ok {
				return append(out, step{kind: stepSleep, d: d})
			}
		}
	case cmd == "tail" && contains(w, "-f"):
		return append(out, step{kind: stepForever})
	case cmd == "touch":
		for _, f := range w[1:] {
			if !strings.HasPrefix(f, "-") {
				out = append(out, step{kind: stepTouch, arg: path.Clean(f)})
			}
		}
	case cmd == "rm":
		for _, f := range w[1:] {
			if !strings.HasPrefix(f, "-") && f != ">" {
				out = append(out, step{kind: stepRemove, arg: path.Clean(f)})
			}
		}
	case cmd == "exit":
		code := int32(0)
		if len(w) > 1 {
			if n, err := strconv.Atoi(w[1]); err == nil {
				code = int32(n)
			}
		}
		return append(out, step{kind: stepExit, code: code})
	case cmd == "false":
		return append(out, step{kind: stepStatus, code: 1})
	case serverCommands[cmd] && img.Process != images.Shell:
		return append(out, step{kind: stepServe})
	}
	return append(out, step{kind: stepStatus})
}

func contains(w []string, s string) bool {
	for _, x := range w {
		if x == s {
			return true
		}
	}
	return false
}

// parseSleep reads sleep's operand: seconds, or a number with s/m/h/d.
func parseSleep(s string) (time.Duration, bool) {
	unit := time.Second
	switch {
	case strings.HasSuffix(s, "s"):
		s = s[:len(s)-1]
	case strings.HasSuffix(s, "m"):
		s, unit = s[:len(s)-1], time.Minute
	case strings.HasSuffix(s, "h"):
		s, unit = s[:len(s)-1], time.Hour
	case strings.HasSuffix(s, "d"):
		s, unit = s[:len(s)-1], 24*time.Hour
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 {
		return 0, false
	}
	return time.Duration(f * float64(unit)), true
}

// scriptDuration is how long a hook's command takes (the sum of its
// sleeps; an endless loop counts one pass), and whether it fails.
func scriptDuration(argv []string, img *images.Image) (time.Duration, int32) {
	steps := programFor(&api.Container{Command: argv}, img)
	var d time.Duration
	for _, s := range steps {
		switch s.kind {
		case stepSleep:
			d += s.d
		case stepWaitSvc:
			d += s.d
		case stepExit:
			return d, s.code
		case stepStatus:
			if s.code != 0 {
				return d, s.code
			}
		}
	}
	return d, 0
}
