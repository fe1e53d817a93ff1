package images

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// Process says what a container of an image runs when the pod gives it no
// command of its own.
type Process int

const (
	// Server runs until stopped and answers on Ports (nginx, httpd, redis,
	// the echo servers).
	Server Process = iota
	// Shell runs its command; its default command (sh) exits at once, so
	// a bare busybox pod completes and, restarted, crash-loops.
	Shell
	// Sleeper runs until stopped and answers nowhere (registry.k8s.io/pause).
	Sleeper
)

// Image is one tag of a repository as the registry serves it and as a
// node's containerd stores it.
type Image struct {
	Repository string // normalized: "docker.io/library/nginx"
	Tag        string
	Digest     string // manifest digest, "sha256:…": the imageID's suffix
	Size       int64  // bytes, as the kubelet's Pulled event reports it

	Process Process
	// Ports the default process listens on.
	Ports []int32
	// HTTPPaths answer 200; other paths answer 404. Nil: every path
	// answers 200 (echo servers).
	HTTPPaths []string
	// Shell is the userland exec probes and hooks run in: "busybox",
	// "gnu" (Debian coreutils) or "" (no shell: exec fails).
	Shell string
	// Env is the image's ENV, PATH first, as `env` in the container shows.
	Env []string
	// Files exist in the image (besides the ones every container has);
	// exec probes such as `cat FILE` read them.
	Files []string
	// IgnoresSIGTERM: PID 1 does not exit on SIGTERM (busybox's sh or
	// sleep), so stopping takes the whole grace period and ends in SIGKILL.
	IgnoresSIGTERM bool
	// RequiredEnv: the process exits with 1 a second after starting when
	// one of these variables is not set (postgres without
	// POSTGRES_PASSWORD).
	RequiredEnv []string
}

// Ref is the normalized tagged reference, "docker.io/library/nginx:1.16.1".
func (img *Image) Ref() string { return img.Repository + ":" + img.Tag }

// ImageID is what containerd reports as the container's imageID:
// "docker.io/library/nginx@sha256:…".
func (img *Image) ImageID() string { return img.Repository + "@" + img.Digest }

// Listens reports whether the default process answers on port.
func (img *Image) Listens(port int32) bool { return slices.Contains(img.Ports, port) }

// Timing is how long the simulated runtime takes for each step. The
// cluster-wide defaults live in Registry.Defaults; a node may override them
// (kubelet options) and an image's Behavior overrides both.
type Timing struct {
	Pull  time.Duration // first pull of an image on a node
	Start time.Duration // from the image being present to the container running
	Stop  time.Duration // from SIGTERM to the process exiting
}

// DefaultTiming is the playground's timing model: a first pull takes 2 s
// and is then cached, a container starts in 1 s and shuts down 1 s after
// SIGTERM (bounded by the grace period).
var DefaultTiming = Timing{Pull: 2 * time.Second, Start: 1 * time.Second, Stop: 1 * time.Second}

// Behavior is a fault or quirk a scenario gives an image. Durations of 0
// keep the default; a negative duration means "instant".
type Behavior struct {
	// Missing: the tag does not exist; pulls fail with NotFound.
	Missing bool
	// PullTime, StartTime, StopTime override the timing model.
	PullTime, StartTime, StopTime time.Duration
	// CrashAfter > 0: the process exits this long after starting, with
	// ExitCode (1 when 0): reason Error.
	CrashAfter time.Duration
	ExitCode   int32
	// NeverReady: readiness probes always fail (HTTP 503).
	NeverReady bool
	// ReadyAfter > 0: a slow start; the process does not answer on its
	// ports (connection refused) until this long after starting.
	ReadyAfter time.Duration
	// UnhealthyAfter > 0: from this long after starting, every probe fails
	// (HTTP 500), so liveness probes restart the container.
	UnhealthyAfter time.Duration
	// IgnoreSIGTERM overrides the image's IgnoresSIGTERM when set.
	IgnoreSIGTERM *bool
	// FailPostStart, FailPreStop make the container's exec and httpGet
	// lifecycle hooks fail.
	FailPostStart, FailPreStop bool
	// CPUMilli > 0: each running container of the image uses this many
	// millicores, as the metrics pipeline (kubelet, metrics-server) reports
	// it. Any image with a usage installs the metrics API (core/sim).
	CPUMilli int64
}

// PullError is a failed pull, worded as containerd reports it through the
// CRI and the kubelet passes it on (`Failed to pull image "x": <Message>`).
type PullError struct {
	Message string
}

func (e *PullError) Error() string { return e.Message }

// Registry is the simulated image registry (Docker Hub, registry.k8s.io,
// gcr.io, …): a catalogue of repositories and their tags, plus the
// behaviours scenarios give images. It is shared by every node; each node
// keeps its own Cache of pulled images.
type Registry struct {
	// Defaults is the cluster-wide timing model.
	Defaults  Timing
	repos     map[string]*repository
	behaviors map[string]Behavior  // by normalized reference
	parsed    map[string]parsedRef // memoized ParseReference
	// behaviorChanges counts the changes to behaviors, for the kubelet's
	// memo of steady probe answers.
	behaviorChanges uint64
}

// BehaviorChanges counts the calls that set or cleared an image's
// behaviour: an answer derived from Behavior holds while it is unchanged.
func (r *Registry) BehaviorChanges() uint64 { return r.behaviorChanges }

type parsedRef struct {
	ref Reference
	key string // ref.String()
	err error
}

// parse is ParseReference, memoized: probes ask for an image's behaviour
// thousands of times a tick.
func (r *Registry) parse(image string) (Reference, error) {
	if p, ok := r.parsed[image]; ok {
		return p.ref, p.err
	}
	ref, err := ParseReference(image)
	if len(r.parsed) < 4096 {
		r.parsed[image] = parsedRef{ref, ref.String(), err}
	}
	return ref, err
}

type repository struct {
	template Image
	tags     map[string]Image // explicit tags
	pattern  tagPattern       // further tags that exist
	envFor   func(tag string) []string
}

// New returns a registry with the built-in catalogue (see catalogue.go)
// and the default timing.
func New() *Registry {
	r := &Registry{Defaults: DefaultTiming, repos: map[string]*repository{}, behaviors: map[string]Behavior{}, parsed: map[string]parsedRef{}}
	for _, c := range catalogue {
		r.addRepository(c)
	}
	return r
}

func (r *Registry) addRepository(c repoSpec) {
	rp := &repository{template: c.template, tags: map[string]Image{}, envFor: c.envFor}
	rp.template.Repository = c.name
	if c.pattern != "" {
		rp.pattern = compileTagPattern(c.pattern)
	}
	for _, t := range c.tags {
		img := rp.template
		img.Tag, img.Digest, img.Size = t.tag, t.digest, t.size
		if img.Digest == "" {
			img.Digest = syntheticDigest(img.Ref())
		}
		if rp.envFor != nil {
			img.Env = rp.envFor(t.tag)
		}
		rp.tags[t.tag] = img
	}
	r.repos[c.name] = rp
}

// syntheticDigest is a stable digest for a tag whose real digest the
// catalogue does not record. It has a sha256 digest's shape (64 lowercase
// hex digits) but is not SHA-256: nothing here needs a cryptographic hash,
// and crypto/sha256 would bring most of Go's crypto packages (some 200 KB)
// into the wasm. The reference's FNV-1a hash seeds a PCG whose output
// looks as random as a real digest: FNV alone would give nginx:1.20 and
// nginx:1.21 digests that share most of their digits.
func syntheticDigest(ref string) string {
	h := fnv.New64a()
	h.Write([]byte("kubeplay/" + ref))
	r := rand.NewPCG(h.Sum64(), 0x9e3779b97f4a7c15)
	sum := make([]byte, 0, 32)
	for range 4 {
		sum = binary.BigEndian.AppendUint64(sum, r.Uint64())
	}
	return "sha256:" + hex.EncodeToString(sum)
}

// Register adds image as a copy of like (an image of the catalogue, or
// one registered before), so scenarios can use their own names
// ("myapp:v1" that behaves like nginx:1.25).
func (r *Registry) Register(image, like string) error {
	ref, err := r.parse(image)
	if err != nil {
		return err
	}
	base, err := r.lookup(like)
	if err != nil {
		return err
	}
	img := *base
	img.Repository, img.Tag = ref.Repository(), ref.Tag
	if img.Tag == "" {
		img.Tag = "latest"
	}
	img.Digest = syntheticDigest(img.Ref())
	rp := r.repos[img.Repository]
	if rp == nil {
		rp = &repository{template: img, tags: map[string]Image{}}
		r.repos[img.Repository] = rp
	}
	rp.tags[img.Tag] = img
	return nil
}

// SetBehavior gives an image (any reference form: "nginx:1.16.1") a
// behaviour, replacing an earlier one. A behaviour for an image the
// catalogue does not know registers it as a generic server (ports 80 and
// 8080, every HTTP path answering 200), unless the behaviour is Missing.
func (r *Registry) SetBehavior(image string, b Behavior) error {
	ref, err := r.parse(image)
	if err != nil {
		return err
	}
	key := ref.String()
	r.behaviors[key] = b
	r.behaviorChanges++
	if !b.Missing {
		if _, err := r.lookup(image); err != nil && ref.Digest == "" {
			rp := r.repos[ref.Repository()]
			if rp == nil {
				rp = &repository{template: genericServer, tags: map[string]Image{}}
				rp.template.Repository = ref.Repository()
				r.repos[ref.Repository()] = rp
			}
			img := rp.template
			img.Repository, img.Tag = ref.Repository(), ref.Tag
			img.Digest = syntheticDigest(img.Ref())
			rp.tags[ref.Tag] = img
		}
	}
	return nil
}

// clearBehavior removes an image's behaviour.
func (r *Registry) clearBehavior(image string) {
	if ref, err := r.parse(image); err == nil {
		delete(r.behaviors, ref.String())
		r.behaviorChanges++
	}
}

// Behavior returns the behaviour set for an image (zero if none).
func (r *Registry) Behavior(image string) Behavior {
	if len(r.behaviors) == 0 {
		return Behavior{}
	}
	if p, ok := r.parsed[image]; ok {
		if p.err != nil {
			return Behavior{}
		}
		return r.behaviors[p.key]
	}
	ref, err := r.parse(image)
	if err != nil {
		return Behavior{}
	}
	return r.behaviors[ref.String()]
}

// Lookup resolves an image reference the way a pull would, without
// pulling: the image, or the error containerd would report.
func (r *Registry) Lookup(image string) (*Image, error) {
	if b := r.Behavior(image); b.Missing {
		ref, _ := r.parse(image)
		return nil, notFound(ref)
	}
	return r.lookup(image)
}

func (r *Registry) lookup(image string) (*Image, error) {
	ref, err := r.parse(image)
	if err != nil {
		return nil, err
	}
	if !knownDomain(ref.Domain) {
		return nil, &PullError{Message: fmt.Sprintf(
			"failed to pull and unpack image %q: failed to resolve reference %q: failed to do request: Head %q: dial tcp: lookup %s: no such host",
			ref.String(), ref.String(), manifestURL(ref), hostOnly(ref.Domain))}
	}
	rp := r.repos[ref.Repository()]
	if rp == nil {
		if ref.Domain == "docker.io" {
			// Docker Hub answers 401 for a repository that does not exist
			// (or is private); containerd reports code Unknown, which the
			// kubelet strips from the message (kubernetes#117612).
			return nil, &PullError{Message: fmt.Sprintf(
				"failed to pull and unpack image %q: failed to resolve reference %q: pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed",
				ref.String(), ref.String())}
		}
		return nil, notFound(ref)
	}
	if ref.Digest != "" {
		for _, tag := range sortedTags(rp) {
			img := rp.tags[tag]
			if img.Digest == ref.Digest && (ref.Tag == "" || ref.Tag == tag) {
				return &img, nil
			}
		}
		return nil, notFound(ref)
	}
	if img, ok := rp.tags[ref.Tag]; ok {
		return &img, nil
	}
	if rp.pattern != nil && rp.pattern.MatchString(ref.Tag) {
		img := rp.template
		img.Tag = ref.Tag
		img.Digest = syntheticDigest(img.Ref())
		img.Size = jitterSize(img.Size, img.Digest)
		if rp.envFor != nil {
			img.Env = rp.envFor(ref.Tag)
		}
		rp.tags[ref.Tag] = img // remember it so the digest is stable
		return &img, nil
	}
	return nil, notFound(ref)
}

// notFound is containerd's answer for a tag (or digest) the registry does
// not have. The code is NotFound, which the kubelet keeps in the message.
func notFound(ref Reference) error {
	s := ref.String()
	return &PullError{Message: fmt.Sprintf(
		"rpc error: code = NotFound desc = failed to pull and unpack image %q: failed to resolve reference %q: %s: not found",
		s, s, s)}
}

// knownDomain lists the registries the playground's nodes can reach.
func knownDomain(d string) bool {
	switch d {
	case "docker.io", "registry.k8s.io", "k8s.gcr.io", "gcr.io", "quay.io", "ghcr.io",
		"public.ecr.aws", "mcr.microsoft.com", "us-docker.pkg.dev":
		return true
	}
	return false
}

func hostOnly(domain string) string {
	if i := strings.LastIndexByte(domain, ':'); i >= 0 && !strings.HasSuffix(domain, "]") {
		return domain[:i]
	}
	return domain
}

func manifestURL(ref Reference) string {
	v := ref.Tag
	if ref.Digest != "" {
		v = ref.Digest
	}
	return "https://" + ref.Domain + "/v2/" + ref.Path + "/manifests/" + v
}

func sortedTags(rp *repository) []string {
	tags := make([]string, 0, len(rp.tags))
	for t := range rp.tags {
		tags = append(tags, t)
	}
	slices.Sort(tags)
	return tags
}

// jitterSize varies a repository's base size by up to ±8% per tag, stably.
func jitterSize(base int64, digest string) int64 {
	h := int64(0)
	for _, c := range digest[len(digest)-8:] {
		h = h*31 + int64(c)
	}
	if h < 0 {
		h = -h
	}
	return base + base*(h%161-80)/1000
}

// Timing returns the effective timing for an image on a node: the image's
// behaviour, then the node's overrides (zero fields keep the registry's),
// then the registry defaults. Negative values become 0.
func (r *Registry) Timing(image string, node Timing) Timing {
	b := r.Behavior(image)
	pick := func(img, nd, def time.Duration) time.Duration {
		d := def
		if nd != 0 {
			d = nd
		}
		if img != 0 {
			d = img
		}
		return max(d, 0)
	}
	return Timing{
		Pull:  pick(b.PullTime, node.Pull, r.Defaults.Pull),
		Start: pick(b.StartTime, node.Start, r.Defaults.Start),
		Stop:  pick(b.StopTime, node.Stop, r.Defaults.Stop),
	}
}

// HasUsageModel reports whether any image has a resource usage
// (Behavior.CPUMilli): the scenario installed a metrics pipeline.
func (r *Registry) HasUsageModel() bool {
	for _, b := range r.behaviors {
		if b.CPUMilli > 0 {
			return true
		}
	}
	return false
}
