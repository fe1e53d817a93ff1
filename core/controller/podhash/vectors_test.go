package podhash_test

import (
	"bufio"
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/controller"
	"github.com/kubeplay/kubeplay/core/controller/podhash"
	"github.com/kubeplay/kubeplay/core/manifest"
)

// vectorLine is one line of testdata/vectors.txt: what the real
// controller.ComputeHash gave for a manifest's template.
type vectorLine struct {
	file           string
	collisionCount *int32
	hash           string
}

func readVectors(t *testing.T) []vectorLine {
	t.Helper()
	data, err := os.ReadFile("testdata/vectors.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []vectorLine
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 {
			t.Fatalf("vectors.txt: malformed line %q", line)
		}
		v := vectorLine{file: f[0], hash: f[2]}
		if f[1] != "-" {
			n, err := strconv.ParseInt(f[1], 10, 32)
			if err != nil {
				t.Fatalf("vectors.txt: %q: %v", line, err)
			}
			c := int32(n)
			v.collisionCount = &c
		}
		out = append(out, v)
	}
	return out
}

// admitted decodes a vector with Kubeplay's manifest decoder and creates it
// through Kubeplay's API server (defaulting, admission, validation), as
// kubectl apply would: the template the Deployment controller then hashes.
func admitted(src []byte) (*api.PodTemplateSpec, error) {
	objs, err := manifest.Decode(src)
	if err != nil {
		return nil, err
	}
	s := apiserver.New(clock.New(clock.Epoch), rand.New(rand.NewPCG(1, 2)))
	stored, err := s.Create(objs[0])
	if err != nil {
		return nil, err
	}
	return &stored.(*api.Deployment).Spec.Template, nil
}

// TestVectors compares Kubeplay's pod-template-hash with the real
// controller.ComputeHash's for every vector scripts/hashvectors wrote.
// With PODHASH_DUMPS=dir it writes each dump there, to diff with the
// generator's -dumps output.
func TestVectors(t *testing.T) {
	vectors := readVectors(t)
	if len(vectors) < 30 {
		t.Fatalf("only %d vectors", len(vectors))
	}
	dumps := os.Getenv("PODHASH_DUMPS")
	for _, v := range vectors {
		name := v.file
		if v.collisionCount != nil {
			name += "/collisionCount=" + strconv.Itoa(int(*v.collisionCount))
		}
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("testdata/vectors", v.file))
			if err != nil {
				t.Fatal(err)
			}
			template, err := admitted(src)
			if field, pending := pendingFields[v.file]; pending {
				// Kubeplay cannot hold this manifest yet: it must say
				// so, naming the field, rather than hash it otherwise.
				want := `strict decoding error: unknown field "` + field + `"`
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Fatalf("want an error containing %s (pendingFields), got %v", want, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if dumps != "" {
				out := filepath.Join(dumps, strings.TrimSuffix(v.file, ".yaml")+".dump")
				if err := os.WriteFile(out, podhash.Dump(nil, template), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if got := controller.ComputeHash(template, v.collisionCount); got != v.hash {
				t.Errorf("pod-template-hash %s, a real cluster's is %s", got, v.hash)
			}
		})
	}
}

// pendingFields lists the vectors whose manifests use a field Kubeplay does
// not model yet, with the field its decoder must name when rejecting them.
// Remove an entry once the field lands in core/api: the vector must then
// hash as upstream does.
var pendingFields = map[string]string{}

// TestEveryFieldHasAnUpstreamCounterpart fails when core/api's
// PodTemplateSpec tree gains a field whose JSON name and kind upstream's
// v1.PodTemplateSpec lacks: Dump could not represent it, so it would take
// no part in the hash although a manifest sets it.
func TestEveryFieldHasAnUpstreamCounterpart(t *testing.T) {
	for _, p := range podhash.Problems() {
		t.Error(p)
	}
}
