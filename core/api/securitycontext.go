package api

// SecurityContext is core/v1 SecurityContext.
type SecurityContext struct {
	Capabilities             *Capabilities                  `json:"capabilities,omitempty"`
	Privileged               *bool                          `json:"privileged,omitempty"`
	SELinuxOptions           *SELinuxOptions                `json:"seLinuxOptions,omitempty"`
	WindowsOptions           *WindowsSecurityContextOptions `json:"windowsOptions,omitempty"`
	RunAsUser                *int64                         `json:"runAsUser,omitempty"`
	RunAsGroup               *int64                         `json:"runAsGroup,omitempty"`
	RunAsNonRoot             *bool                          `json:"runAsNonRoot,omitempty"`
	ReadOnlyRootFilesystem   *bool                          `json:"readOnlyRootFilesystem,omitempty"`
	AllowPrivilegeEscalation *bool                          `json:"allowPrivilegeEscalation,omitempty"`
	ProcMount                *ProcMountType                 `json:"procMount,omitempty"`
	SeccompProfile           *SeccompProfile                `json:"seccompProfile,omitempty"`
	AppArmorProfile          *AppArmorProfile               `json:"appArmorProfile,omitempty"`
}

// Capabilities is core/v1 Capabilities.
type Capabilities struct {
	Add  []Capability `json:"add,omitempty"`
	Drop []Capability `json:"drop,omitempty"`
}

// Capability is core/v1 Capability.
type Capability string

// SELinuxOptions is core/v1 SELinuxOptions.
type SELinuxOptions struct {
	User  string `json:"user,omitempty"`
	Role  string `json:"role,omitempty"`
	Type  string `json:"type,omitempty"`
	Level string `json:"level,omitempty"`
}

// WindowsSecurityContextOptions is core/v1 WindowsSecurityContextOptions.
type WindowsSecurityContextOptions struct {
	GMSACredentialSpecName *string `json:"gmsaCredentialSpecName,omitempty"`
	GMSACredentialSpec     *string `json:"gmsaCredentialSpec,omitempty"`
	RunAsUserName          *string `json:"runAsUserName,omitempty"`
	HostProcess            *bool   `json:"hostProcess,omitempty"`
}

// ProcMountType is core/v1 ProcMountType.
type ProcMountType string

// SeccompProfile is core/v1 SeccompProfile.
type SeccompProfile struct {
	Type             SeccompProfileType `json:"type"`
	LocalhostProfile *string            `json:"localhostProfile,omitempty"`
}

// SeccompProfileType is core/v1 SeccompProfileType.
type SeccompProfileType string

// AppArmorProfile is core/v1 AppArmorProfile.
type AppArmorProfile struct {
	Type             AppArmorProfileType `json:"type"`
	LocalhostProfile *string             `json:"localhostProfile,omitempty"`
}

// AppArmorProfileType is core/v1 AppArmorProfileType.
type AppArmorProfileType string

// PodSecurityContext is core/v1 PodSecurityContext.
type PodSecurityContext struct {
	SELinuxOptions           *SELinuxOptions                `json:"seLinuxOptions,omitempty"`
	WindowsOptions           *WindowsSecurityContextOptions `json:"windowsOptions,omitempty"`
	RunAsUser                *int64                         `json:"runAsUser,omitempty"`
	RunAsGroup               *int64                         `json:"runAsGroup,omitempty"`
	RunAsNonRoot             *bool                          `json:"runAsNonRoot,omitempty"`
	SupplementalGroups       []int64                        `json:"supplementalGroups,omitempty"`
	SupplementalGroupsPolicy *SupplementalGroupsPolicy      `json:"supplementalGroupsPolicy,omitempty"`
	FSGroup                  *int64                         `json:"fsGroup,omitempty"`
	Sysctls                  []Sysctl                       `json:"sysctls,omitempty"`
	FSGroupChangePolicy      *PodFSGroupChangePolicy        `json:"fsGroupChangePolicy,omitempty"`
	SeccompProfile           *SeccompProfile                `json:"seccompProfile,omitempty"`
	AppArmorProfile          *AppArmorProfile               `json:"appArmorProfile,omitempty"`
	SELinuxChangePolicy      *PodSELinuxChangePolicy        `json:"seLinuxChangePolicy,omitempty"`
}

// SupplementalGroupsPolicy is core/v1 SupplementalGroupsPolicy.
type SupplementalGroupsPolicy string

// Sysctl is core/v1 Sysctl.
type Sysctl struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// PodFSGroupChangePolicy is core/v1 PodFSGroupChangePolicy.
type PodFSGroupChangePolicy string

// PodSELinuxChangePolicy is core/v1 PodSELinuxChangePolicy.
type PodSELinuxChangePolicy string
