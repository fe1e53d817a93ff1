package images

import (
	"fmt"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
)

// Reference is a parsed image reference in the normalized form containerd
// uses: docker.io/library/nginx:1.16.1. It models
// github.com/distribution/reference ParseNormalizedNamed followed by the
// kubelet's applyDefaultImageTag (pkg/kubelet/images/image_manager.go): a
// reference with neither tag nor digest gets ":latest".
type Reference struct {
	Domain string // "docker.io", "registry.k8s.io"
	Path   string // "library/nginx", "hashicorp/http-echo"
	Tag    string // "1.16.1"; "" for a digest-only reference
	Digest string // "sha256:…" when the reference pins one
}

// Repository is domain/path: "docker.io/library/nginx".
func (r Reference) Repository() string { return r.Domain + "/" + r.Path }

// String is the normalized reference: "docker.io/library/nginx:1.16.1",
// "docker.io/library/nginx@sha256:…", or both.
func (r Reference) String() string {
	s := r.Repository()
	if r.Tag != "" {
		s += ":" + r.Tag
	}
	if r.Digest != "" {
		s += "@" + r.Digest
	}
	return s
}

// errInvalidFormat is reference.ErrReferenceInvalidFormat.
const errInvalidFormat = "invalid reference format"

// maxNameLength is reference.NameTotalLengthMax.
const maxNameLength = 255

// ParseReference models reference.ParseNormalizedNamed plus
// applyDefaultImageTag. Its errors read as the library's do
// ("invalid reference format: repository name (library/Nginx) must be
// lowercase").
func ParseReference(s string) (Reference, error) {
	if s == "" {
		return Reference{}, fmt.Errorf("%s", errInvalidFormat)
	}
	if api.IsImageID(s) {
		return Reference{}, fmt.Errorf("invalid repository name (%s), cannot specify 64-byte hexadecimal strings", s)
	}
	domain, remainder := splitDockerDomain(s)
	remote := remainder
	if i := strings.IndexAny(remote, ":@"); i >= 0 {
		remote = remote[:i]
	}
	if strings.ToLower(remote) != remote {
		return Reference{}, fmt.Errorf("%s: repository name (%s) must be lowercase", errInvalidFormat, remote)
	}
	name, tag, digest, ok := api.SplitImageReference(domain + "/" + remainder)
	if !ok {
		return Reference{}, fmt.Errorf("%s", errInvalidFormat)
	}
	if len(name) > maxNameLength {
		return Reference{}, fmt.Errorf("repository name must not be more than %d characters", maxNameLength)
	}
	i := strings.IndexByte(name, '/')
	ref := Reference{Domain: name[:i], Path: name[i+1:], Tag: tag, Digest: digest}
	if ref.Tag == "" && ref.Digest == "" {
		ref.Tag = "latest"
	}
	return ref, nil
}

// splitDockerDomain models the function of that name in
// reference/normalize.go: a first component that has no '.' or ':' and is
// not "localhost" (and is all lower case) belongs to the path on docker.io,
// and a single-component path on docker.io gets "library/".
func splitDockerDomain(name string) (domain, remainder string) {
	i := strings.IndexByte(name, '/')
	if i == -1 || (!strings.ContainsAny(name[:i], ".:") && name[:i] != "localhost" && strings.ToLower(name[:i]) == name[:i]) {
		domain, remainder = "docker.io", name
	} else {
		domain, remainder = name[:i], name[i+1:]
	}
	if domain == "index.docker.io" {
		domain = "docker.io"
	}
	if domain == "docker.io" && !strings.ContainsRune(remainder, '/') {
		remainder = "library/" + remainder
	}
	return domain, remainder
}

// Normalize returns the normalized form of an image reference, or the
// input unchanged when it does not parse.
func Normalize(image string) string {
	r, err := ParseReference(image)
	if err != nil {
		return image
	}
	return r.String()
}
