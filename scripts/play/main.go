// Command play runs Kubeplay scenarios headless and prints their transcripts:
// every script line echoed as "$ LINE", followed by exactly what the command
// printed.
//
//	go run ./scripts/play [--seed N] [--explain] [--json] FILE...
//	go run ./scripts/play [--lang en,vi,zh-CN] --check LESSON...
//
// A scenario is a txtar archive: the script first, then the manifests it
// names (see core/scenario and the README's Scenarios section).
//
// Flags:
//
//	--seed N    run with seed N instead of the scenario's own (or the default, 1)
//	--explain   after each command, the controllers' decision records, one a line, indented
//	--json      JSON Lines: one object per command (file, line, command, output, exitCode, tick;
//	            with --explain also decisions)
//
//	--check     the files are lessons (core/lesson): run each one's reference
//	            solutions step by step and verify its checks (see check.go)
//	--lang L    with --check: verify the lessons in each language of the
//	            comma-separated list (default en): a translation LANG/NAME.txtar
//	            next to each lesson must exist and fit it, and the report is in
//	            that language
//
// With several files, each transcript starts with a "==> FILE <==" header
// line, as head(1) does, and a blank line separates them.
//
// play exits 1 when a scenario cannot be run (a file that cannot be read, a
// script error) and 2 on bad usage; a kubectl command that fails is part of
// the transcript, not a failure of the run.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/scenario"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type config struct {
	seed    string
	explain bool
	json    bool
	check   bool
	langs   []string
	files   []string
}

const usage = `usage: play [--seed N] [--explain] [--json] FILE...
       play [--seed N] [--lang en,vi,zh-CN] --check LESSON...

Runs each scenario (a txtar archive: script, then manifests) on a fresh
simulated cluster and prints its transcript.

`

// parseArgs reads flags and files; flags may come after the files too.
func parseArgs(args []string, stderr io.Writer) (*config, error) {
	cfg := &config{}
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.seed, "seed", "", "run with seed `N` instead of the scenario's own")
	fs.BoolVar(&cfg.explain, "explain", false, "print the controllers' decision records after each command")
	fs.BoolVar(&cfg.json, "json", false, "print one JSON object per command")
	fs.BoolVar(&cfg.check, "check", false, "the files are lessons: verify each step's checks against its reference solution")
	langs := fs.String("lang", "en", "with --check, the `languages` to verify the lessons in, comma-separated")
	fs.Usage = func() {
		fmt.Fprint(stderr, usage)
		fs.PrintDefaults()
	}
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		cfg.files = append(cfg.files, args[0])
		args = args[1:]
	}
	if len(cfg.files) == 0 {
		fs.Usage()
		return nil, errors.New("no scenario files given")
	}
	for _, l := range strings.Split(*langs, ",") {
		tag := scenario.Lang(strings.TrimSpace(l))
		if tag == "" {
			return nil, fmt.Errorf("--lang: %q is not a language tag (en, vi, zh-CN)", l)
		}
		cfg.langs = append(cfg.langs, tag)
	}
	if !cfg.check && (len(cfg.langs) != 1 || cfg.langs[0] != "en") {
		return nil, errors.New("--lang goes with --check (a transcript is kubectl's output, in English)")
	}
	return cfg, nil
}

func run(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseArgs(args, stderr)
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stderr, "play:", err)
		}
		return 2
	}
	opts := scenario.Options{}
	if cfg.seed != "" {
		seed, err := strconv.ParseUint(cfg.seed, 10, 64)
		if err != nil {
			fmt.Fprintf(stderr, "play: invalid --seed %q: want a whole number\n", cfg.seed)
			return 2
		}
		opts.Seed, opts.OverrideSeed = seed, true
	}
	status := 0
	for i, file := range cfg.files {
		if len(cfg.files) > 1 && !cfg.json && !cfg.check {
			if i > 0 {
				fmt.Fprintln(stdout)
			}
			fmt.Fprintf(stdout, "==> %s <==\n", file)
		}
		if cfg.check {
			for _, lang := range cfg.langs {
				if !checkFile(file, lang, opts, stdout, stderr) {
					status = 1
				}
			}
			continue
		}
		if err := playFile(file, cfg, opts, stdout); err != nil {
			fmt.Fprintln(stderr, err)
			status = 1
		}
	}
	return status
}

// playFile runs one scenario and prints its transcript, even when the
// script fails part way (the commands before the failure are shown).
func playFile(file string, cfg *config, opts scenario.Options, stdout io.Writer) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return fmt.Errorf("play: %v", err)
	}
	s, err := scenario.Parse(file, data)
	if err != nil {
		return err
	}
	t, runErr := scenario.Run(s, opts)
	if t != nil {
		var out []byte
		if cfg.json {
			out = t.JSON(cfg.explain)
		} else {
			out = []byte(t.Text(cfg.explain))
		}
		if _, err := stdout.Write(out); err != nil {
			return fmt.Errorf("play: %v", err)
		}
	}
	return runErr
}
